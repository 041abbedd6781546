import { beforeEach, vi } from 'vitest';

/**
 * happy-dom does not load frames and says so on the console for each one: the console's errors are silenced during
 * each test of the file (the spies go with `cleanUpAfterEachTest`).
 */
export function quietFrameErrors(): void {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(window.console, 'error').mockImplementation(() => {});
  });
}
