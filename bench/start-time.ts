/**
 * Issue 30: `make start` run twice with nothing changed in between, as an operator runs it (.env.example's settings, a
 * database of its own, free ports); the second must be ready (the API's and the workers' /readyz both 200) in under
 * 15 s: `make build` skips the SPA build when its inputs are unchanged. The first start builds frontend/dist only if
 * its inputs changed since the last build there, as `make start` always does.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@app/db/testing';
import { envExample as readEnvExample } from '@app/testing/env-example';
import { DATABASE_SERVER_URL, REDIS_URL, ROOT, uniquePrefix } from './lib/env';
import { freePort } from './lib/process';
import { type Figure, figure } from './lib/report';

const GOAL_MS = 15_000;

const envExample = readEnvExample(ROOT);

const ready = async (url: string) => {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
};

/** One `make start`: the milliseconds until both /readyz answer 200, then stopped (SIGTERM to its process group). */
async function timedStart(env: Record<string, string>, apiUrl: string, workersUrl: string): Promise<number> {
  let output = '';
  const started = performance.now();
  const proc = Bun.spawn(['setsid', 'make', 'start'], {
    cwd: ROOT,
    env: { ...process.env, ...envExample, ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  for (const stream of [proc.stdout, proc.stderr])
    void (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of stream as ReadableStream<Uint8Array>)
        output = (output + decoder.decode(chunk)).slice(-4000);
    })().catch(() => {});
  try {
    const deadline = Date.now() + 300_000;
    while (!((await ready(`${apiUrl}/readyz`)) && (await ready(`${workersUrl}/readyz`)))) {
      if (proc.exitCode !== null || Date.now() > deadline)
        throw new Error(`make start was not ready (exit ${proc.exitCode}): ${output}`);
      await Bun.sleep(50);
    }
    return performance.now() - started;
  } finally {
    // setsid made make the leader of a group of its own: the signal reaches start.ts, the API and the workers.
    try {
      process.kill(-proc.pid, 'SIGTERM');
    } catch {}
    const exited = await Promise.race([proc.exited.then(() => true), Bun.sleep(15_000).then(() => false)]);
    if (!exited)
      try {
        process.kill(-proc.pid, 'SIGKILL');
      } catch {}
    await proc.exited;
  }
}

export async function startTime(): Promise<Figure[]> {
  const database = await createTestDatabase(DATABASE_SERVER_URL);
  const mailDir = mkdtempSync(join(tmpdir(), 'bench-start-mail-'));
  try {
    const [port, healthPort, inboxPort, smtpPort] = [freePort(), freePort(), freePort(), freePort()];
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      APP_URL: `http://127.0.0.1:${port}`,
      PORT: String(port),
      WORKERS_HEALTH_PORT: String(healthPort),
      MAIL_CATCHER_PORT: String(inboxPort),
      MAIL_CATCHER_SMTP_PORT: String(smtpPort),
      MAIL_CATCHER_DIR: mailDir,
      QUEUE_PREFIX: uniquePrefix('start'),
      // Set, so start.ts does not write a development key into the working tree's .env.
      APP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'warn',
    };
    const apiUrl = `http://127.0.0.1:${port}`;
    const workersUrl = `http://127.0.0.1:${healthPort}`;
    const first = await timedStart(env, apiUrl, workersUrl);
    const second = await timedStart(env, apiUrl, workersUrl);
    return [
      figure(
        '30 second `make start`, nothing changed: ready in',
        `${(second / 1000).toFixed(1)} s`,
        `< ${GOAL_MS / 1000} s`,
        second < GOAL_MS,
        `first start ${(first / 1000).toFixed(1)} s, building only if frontend/dist's inputs changed`,
      ),
    ];
  } finally {
    rmSync(mailDir, { recursive: true, force: true });
    await database.drop();
  }
}
