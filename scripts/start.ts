/**
 * Runs the API (serving the built SPA) and the workers side by side, as `make start` does without Docker.
 * `--dev` runs them with --watch and adds the Vite dev server. A signal stops all of them gracefully; if one dies,
 * the others are stopped too, so a supervisor sees the failure.
 *
 * Outside production, when SMTP_URL is not set (or empty), a built-in mail catcher (scripts/mail-catcher.ts) takes
 * the e-mails on MAIL_CATCHER_SMTP_PORT (default: any free port), keeps them in MAIL_CATCHER_DIR (default
 * .mail-catcher/, git-ignored) and shows them on an inbox page (MAIL_CATCHER_PORT, default 8025); the workers get its
 * SMTP_URL. In production an unset SMTP_URL stops the workers with a message instead: e-mails are never silently
 * dropped.
 */
import type { MailCatcher } from './mail-catcher';

const dev = process.argv.includes('--dev');
const root = new URL('../', import.meta.url).pathname;
const bun = process.execPath;

const env: Record<string, string | undefined> = { ...process.env };
let catcher: MailCatcher | undefined;
if (!env.SMTP_URL && env.NODE_ENV !== 'production') {
  const { startMailCatcher } = await import('./mail-catcher');
  const port = (name: string, fallback: number | undefined) => {
    const value = env[name] ? Number(env[name]) : fallback;
    if (value !== undefined && (!Number.isInteger(value) || value < 0 || value > 65535)) {
      console.error(`${name} must be a port number (0 to 65535), not "${env[name]}".`);
      process.exit(1);
    }
    return value;
  };
  const inboxPort = port('MAIL_CATCHER_PORT', 8025);
  const smtpPort = port('MAIL_CATCHER_SMTP_PORT', undefined);
  const dir = env.MAIL_CATCHER_DIR || `${root}.mail-catcher`;
  try {
    catcher = await startMailCatcher({ inboxPort, smtpPort, dir });
  } catch (error) {
    console.error(`The development mail catcher could not start: ${(error as Error).message}`);
    process.exit(1);
  }
  env.SMTP_URL = catcher.smtpUrl;
  console.log(
    `SMTP_URL is not set: e-mails go to the development mail catcher (${catcher.smtpUrl}). Inbox: ${catcher.inboxUrl}`,
  );
}

const commands: Record<string, string[]> = {
  api: [bun, ...(dev ? ['--watch'] : []), 'backend/src/server.ts'],
  workers: [bun, ...(dev ? ['--watch'] : []), 'workers/src/main.ts'],
  ...(dev ? { web: [bun, 'x', '--bun', 'vite', '--host', '127.0.0.1'] } : {}),
};

const children = Object.entries(commands).map(([name, cmd]) => ({
  name,
  proc: Bun.spawn(cmd, {
    cwd: name === 'web' ? `${root}frontend` : root,
    env,
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
await catcher?.close();
process.exit(stopping && first.code === 0 ? 0 : (codes.find((c) => c !== 0) ?? 0));
