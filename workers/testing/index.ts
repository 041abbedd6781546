import { lazy, useFixture } from '@app/db/testing';
import { startTestSmtpServer } from '@app/testing';
import pino from 'pino';
import { inject } from 'vitest';
import { connectWorkersDatabase } from '../src/database';
import { loadWorkersConfig, type WorkersConfig } from '../src/env';
import { startWorkers } from '../src/runtime';

/** Settings that make retries, sweeps and stalled-job recovery fast enough for tests. */
export const fastWorkerEnv = {
  EMAIL_BACKOFF_MS: '100',
  EMAIL_ATTEMPTS: '8',
  OUTBOX_SWEEP_INTERVAL_MS: '200',
  OUTBOX_SWEEP_MIN_AGE_MS: '0',
  WORKER_LOCK_MS: '2000',
  WORKER_CONCURRENCY: '4',
  WORKERS_HEALTH_PORT: '0',
};

export interface TestWorkersOptions {
  databaseUrl: string;
  queuePrefix: string;
  smtpUrl: string;
  redisUrl?: string;
  env?: Record<string, string>;
}

function testWorkersEnv(options: TestWorkersOptions): Record<string, string> {
  return {
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl ?? inject('redisUrl'),
    SMTP_URL: options.smtpUrl,
    EMAIL_FROM: 'Lucid Insight <no-reply@lucid-insight.test>',
    COMPANY_EMAIL: 'hello@lucid-insight.test',
    APP_URL: 'http://localhost:3000',
    QUEUE_PREFIX: options.queuePrefix,
    ...fastWorkerEnv,
    ...options.env,
  };
}

/** The real workers, in this process, on the test database and queue prefix. */
async function startTestWorkers(options: TestWorkersOptions) {
  const config: WorkersConfig = loadWorkersConfig(testWorkersEnv(options));
  // WORKER_CONCURRENCY (4) + 2 connections, as the workers' own pool.
  const database = connectWorkersDatabase(config);
  const runtime = await startWorkers({ config, db: database.db, logger: pino({ level: 'silent' }) });
  return {
    runtime,
    config,
    /** Every job of the e-mail and domain-event queues, whatever its state (to look for what must not be in one). */
    jobs: () =>
      Promise.all(
        [runtime.queues.emails, runtime.queues.domainEvents].map((queue) =>
          queue.getJobs(['completed', 'waiting', 'active', 'failed']),
        ),
      ),
    async close() {
      await runtime.close();
      await database.close();
    },
  };
}

/** Where the workers work: a database and a queue prefix (a test app's, or a test bed's). */
export interface WorkersTarget {
  databaseUrl: string;
  queuePrefix: string;
}

/** An SMTP server that records what it receives, and the real workers (in this process) sending through it. */
export async function startMailingWorkers(
  target: WorkersTarget,
  options: Pick<TestWorkersOptions, 'redisUrl' | 'env'> = {},
) {
  const smtp = await startTestSmtpServer();
  const { databaseUrl, queuePrefix } = target;
  const workers = await startTestWorkers({ databaseUrl, queuePrefix, ...options, smtpUrl: smtp.url });
  return {
    smtp,
    workers,
    async close() {
      await workers.close();
      await smtp.close();
    },
  };
}

/** `startMailingWorkers` for the tests of one file (or describe block), on a target read when they start. */
export function useMailingWorkers(target: WorkersTarget) {
  const mailing = useFixture(
    () => startMailingWorkers(target),
    (started) => started.close(),
  );
  return { smtp: lazy(() => mailing.smtp), workers: lazy(() => mailing.workers) };
}

/** A recording SMTP server for the tests of one file (or describe block). */
export const useTestSmtpServer = () => useFixture(startTestSmtpServer, (smtp) => smtp.close());

/** The workers as a separate process, started the way production starts them (`bun workers/src/main.ts`). */
export function spawnWorkersProcess(options: TestWorkersOptions) {
  const bun = process.execPath.endsWith('bun') ? process.execPath : 'bun';
  const root = new URL('../../', import.meta.url).pathname;
  return Bun.spawn([bun, 'workers/src/main.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...testWorkersEnv(options) },
    stdout: 'ignore',
    stderr: 'inherit',
  });
}

/** Stops workers processes as a deployment does (SIGTERM: each finishes its jobs), and waits until all have exited. */
export async function stopWorkersProcesses(processes: ReturnType<typeof spawnWorkersProcess>[]) {
  for (const child of processes) child.kill('SIGTERM');
  await Promise.all(processes.map((child) => child.exited));
}

/**
 * An SMTP server and the workers as a separate process on a target, for what happens when that process dies: `kill`
 * ends it at once (as a crash would), `startAnother` starts a second one.
 */
export async function startWorkersProcess(target: WorkersTarget) {
  const smtp = await startTestSmtpServer();
  const options = { databaseUrl: target.databaseUrl, queuePrefix: target.queuePrefix, smtpUrl: smtp.url };
  const first = spawnWorkersProcess(options);
  let second: ReturnType<typeof spawnWorkersProcess> | undefined;
  return {
    smtp,
    async kill() {
      first.kill('SIGKILL');
      await first.exited;
    },
    startAnother() {
      second = spawnWorkersProcess(options);
    },
    async close() {
      first.kill('SIGKILL');
      second?.kill('SIGTERM');
      await second?.exited;
      await smtp.close();
    },
  };
}
