/**
 * Runs the API (serving the built SPA) and the workers side by side, as `make start` does without Docker.
 * `--dev` runs them with --watch and adds the Vite dev server. A signal stops all of them gracefully; if one dies,
 * the others are stopped too, so a supervisor sees the failure.
 */
const dev = process.argv.includes('--dev');
const root = new URL('../', import.meta.url).pathname;
const bun = process.execPath;

const commands: Record<string, string[]> = {
  api: [bun, ...(dev ? ['--watch'] : []), 'backend/src/server.ts'],
  workers: [bun, ...(dev ? ['--watch'] : []), 'workers/src/main.ts'],
  ...(dev ? { web: [bun, 'x', '--bun', 'vite', '--host', '127.0.0.1'] } : {}),
};

const children = Object.entries(commands).map(([name, cmd]) => ({
  name,
  proc: Bun.spawn(cmd, {
    cwd: name === 'web' ? `${root}frontend` : root,
    env: process.env,
    stdout: 'inherit',
    stderr: 'inherit',
    stdin: 'ignore',
  }),
}));

let stopping = false;
const stopAll = (signal: NodeJS.Signals = 'SIGTERM') => {
  if (stopping) return;
  stopping = true;
  for (const { proc } of children) if (proc.exitCode === null) proc.kill(signal);
};
process.on('SIGTERM', () => stopAll('SIGTERM'));
process.on('SIGINT', () => stopAll('SIGTERM'));

const first = await Promise.race(children.map(async ({ name, proc }) => ({ name, code: await proc.exited })));
if (!stopping) console.error(`${first.name} exited with code ${first.code}; stopping the others.`);
stopAll();
const codes = await Promise.all(children.map(({ proc }) => proc.exited));
process.exit(stopping && first.code === 0 ? 0 : (codes.find((c) => c !== 0) ?? 0));
