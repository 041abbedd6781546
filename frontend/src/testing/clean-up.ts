import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { toaster } from '../components/ui/toaster';

/** After each test of a rendered screen: unmount it, drop its toasts, the fetch stubs and the spies. */
export function cleanUpAfterEachTest(): void {
  afterEach(() => {
    cleanup();
    toaster.remove();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/**
 * A test file of a screen that logs the failures it reports: the console's errors are silenced during each test (the
 * output stays readable), and the screen is cleaned up after it as `cleanUpAfterEachTest` does.
 */
export function quietScreenTests(): void {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  cleanUpAfterEachTest();
}
