/**
 * Runs `bun scripts/start.ts` (the product, as `make start` runs it) for the browser tests, and stops it when the
 * test runner goes away however it goes: the runner holds the other end of this process's stdin, which closes when
 * it exits, even on Ctrl-C, a crash or SIGKILL. Without this an interrupted run would leave the API and the workers
 * running. SIGTERM (from stop()) is passed on; start.ts stops the API and the workers gracefully.
 *
 * Usage: bun e2e/harness/supervise.ts scripts/start.ts (cwd: the repository root, with the product's environment).
 */
const GRACE_MS = 10_000;
const script = process.argv.slice(2);
if (script.length === 0) {
  console.error('Usage: bun e2e/harness/supervise.ts <script> [args...]');
  process.exit(2);
}

const child = Bun.spawn([process.execPath, ...script], {
  cwd: process.cwd(),
  env: process.env,
  stdin: 'ignore',
  stdout: 'inherit',
  stderr: 'inherit',
});

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  if (child.exitCode === null) child.kill('SIGTERM');
  // Last resort: the whole process group (this process, start.ts, the API and the workers).
  setTimeout(() => {
    try {
      process.kill(-process.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  }, GRACE_MS).unref();
};

process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.on('error', stop);
process.stdin.resume();

const code = await child.exited;
process.exit(code);
