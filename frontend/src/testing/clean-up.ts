import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
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
