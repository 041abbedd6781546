/** The repository's root, where `bun run cli` is run. */
export const root = new URL('../../', import.meta.url).pathname;
/** The Bun running the tests (or the one on the PATH, under Node). */
export const bun = process.execPath.endsWith('bun') ? process.execPath : 'bun';

/**
 * `bun run cli ...` as an operator runs it, on a database (`DATABASE_URL`, which `env` can take away), with `stdin`
 * piped in (not a terminal).
 */
export async function runCli(
  databaseUrl: string,
  args: string[],
  stdin = '',
  env: Record<string, string | undefined> = {},
) {
  const proc = Bun.spawn([bun, 'run', 'cli', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, ...env },
    stdin: new TextEncoder().encode(stdin),
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [code, stdout, stderr] = await Promise.all([
    proc.exited,
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
  ]);
  return { code, stdout, stderr, all: stdout + stderr };
}
