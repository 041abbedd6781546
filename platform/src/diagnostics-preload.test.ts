import diagnostics from 'node:diagnostics_channel';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PATCHED = `import d from 'node:diagnostics_channel'; console.log('hasSubscribers' in Object.getPrototypeOf(d.tracingChannel('probe')));`;

/** What a `bun` process started with `args` in `cwd` prints for PATCHED. */
const run = async (args: string[], cwd: string) => {
  const proc = Bun.spawn([process.execPath, ...args], { cwd, stdout: 'pipe', stderr: 'pipe', env: process.env });
  const [out] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
  return out.trim();
};

// No entry point imports the patch: bunfig.toml preloads it into every Bun process started at the repository root
// (`bun scripts/start.ts`, the API, the workers, the CLI, the benches); vitest.config.ts loads it into its workers.
describe('the diagnostics_channel patch is preloaded', () => {
  it('into a Bun process started at the repository root, before its first import', async () => {
    expect(await run(['-e', PATCHED], ROOT)).toBe('true');
  });

  it("into Vitest's worker threads (a setup file: bunfig's preload does not reach them), without any import", () => {
    expect('hasSubscribers' in Object.getPrototypeOf(diagnostics.tracingChannel('vitest-probe'))).toBe(true);
  });

  it("into the backend's and the workers' package scripts run from their own folders", async () => {
    for (const workspace of ['backend', 'workers']) {
      const scripts = (await Bun.file(`${ROOT}${workspace}/package.json`).json()).scripts as Record<string, string>;
      for (const script of Object.values(scripts)) {
        const preload = script.match(/--preload (\S+)/)?.[1];
        expect(preload, `${workspace}: ${script}`).toBe('../platform/src/diagnostics-channel.ts');
        expect(await run(['--preload', preload as string, '-e', PATCHED], `${ROOT}${workspace}`)).toBe('true');
      }
    }
  });
});
