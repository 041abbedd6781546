/** The Bun running the tests (or the one on the PATH, under Node). */
export const bun = process.execPath.endsWith('bun') ? process.execPath : 'bun';

/** A minimal environment for a command started by a test: PATH and HOME, plus `env` (nothing else leaks in). */
export const bareEnv = (env: Record<string, string | undefined> = {}) => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '/tmp',
  ...env,
});

/** Runs `command` as an operator would, with `stdin` piped in (not a terminal); resolves with its exit code and output. */
export async function runCommand(
  command: string[],
  options: { cwd: string; env: Record<string, string | undefined>; stdin?: string },
): Promise<{ code: number; stdout: string; stderr: string }> {
  const proc = Bun.spawn(command, {
    cwd: options.cwd,
    env: options.env,
    stdin: options.stdin === undefined ? 'ignore' : new TextEncoder().encode(options.stdin),
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [code, stdout, stderr] = await Promise.all([
    proc.exited,
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
  ]);
  return { code, stdout, stderr };
}
