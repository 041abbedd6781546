import { bun, runCommand } from '@app/db/testing';

export { bun };

/** The repository's root, where `bun run cli` is run. */
export const root = new URL('../../', import.meta.url).pathname;

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
  const { code, stdout, stderr } = await runCommand([bun, 'run', 'cli', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, ...env },
    stdin,
  });
  return { code, stdout, stderr, all: stdout + stderr };
}
