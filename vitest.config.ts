import { defineConfig } from 'vitest/config';

// Vitest under the Bun runtime (`bun --bun vitest`) needs the threads pool. Its worker threads do not get bunfig.toml's
// preload: the diagnostics_channel patch is loaded into each as a setup file instead, so tests run as the servers do.
const shared = { pool: 'threads' as const, setupFiles: ['./platform/src/diagnostics-channel.ts'] };
const globalSetup = ['./testing/global-setup.ts'];
// In CI (a shared, noisy 2-core machine) a test that touches processes, sockets or a browser gets one more try: a
// timing hiccup must not sink the run, and a real failure fails both tries. Locally nothing is retried.
const retry = process.env.CI ? 1 : 0;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          setupFiles: [...shared.setupFiles, './frontend/src/testing/dom-timeouts.ts'],
          testTimeout: 15_000,
          include: [
            '{contracts,db,platform,backend,workers,frontend}/**/*.test.{ts,tsx}',
            '{testing,scripts}/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', '**/*.int.test.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'integration',
          include: ['{contracts,db,platform,backend,workers}/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup,
          retry,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          ...shared,
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup,
          retry,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A shared 2-core machine: what a person waits a second for can take a few under load.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          // One browser and one app per file is plenty for two cores.
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
    ],
  },
});
