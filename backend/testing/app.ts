import { createTestDatabase, useFixture } from '@app/db/testing';
import { type Logger, silentLogger } from '@app/platform/logger';
import type { Redis } from 'ioredis';
import { inject } from 'vitest';
import { createApp } from '../src/app';
import { createDeps } from '../src/create-deps';
import { loadApiConfig } from '../src/env';
import type { Clock } from '../src/lib/clock';
import { withResponseShapeCheck } from './response-shapes';

export interface TestAppOptions {
  /** Redis the API publishes to (default: the test Redis); point it at a dead port to test an outage. */
  redisUrl?: string;
  clock?: Clock;
  env?: Record<string, string>;
  /** Use this (already migrated) database instead of a fresh one, e.g. one reached through a proxy. */
  databaseUrl?: string;
  /** The app's logger (default: silent), e.g. one writing into an array to read its lines. */
  logger?: Logger;
}

/** Resolves once the connection is ready or has failed (at most 2 s). */
const settled = (redis: Redis) =>
  new Promise<void>((resolve) => {
    if (redis.status === 'ready') return resolve();
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done).off('error', done);
      resolve();
    };
    const timer = setTimeout(done, 2000);
    redis.once('ready', done).once('error', done);
  });

/** The APP_ENCRYPTION_KEY of test apps (32 bytes in base64). */
const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

/**
 * The real app on its own fresh database and its own queue prefix, for one test file.
 * Requests go through `app.handle(new Request(...))`; nothing is mocked.
 */
export async function createTestApp(options: TestAppOptions = {}) {
  const database = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => {} }
    : await createTestDatabase(inject('databaseServerUrl'));
  const queuePrefix = `test-${crypto.randomUUID().slice(0, 8)}`;
  const redisUrl = options.redisUrl ?? inject('redisUrl');
  const config = loadApiConfig({
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    APP_URL: 'http://localhost:3000',
    COMPANY_EMAIL: 'hello@lucid-insight.test',
    QUEUE_PREFIX: queuePrefix,
    // A small pool: many test files share one PostgreSQL.
    DATABASE_POOL_SIZE: '5',
    // Each request comes from its own address unless a test says otherwise, so rate limits stay out of the way.
    TRUST_PROXY: 'true',
    // Embed connections seal their secrets with it (decision 030); a test that needs none passes APP_ENCRYPTION_KEY: ''.
    APP_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    ...options.env,
  });
  // The same dependencies the server builds, on this file's database, Redis and queue prefix.
  const { deps, close } = await createDeps(config, {
    logger: options.logger ?? silentLogger,
    clock: options.clock ?? { now: () => new Date() },
    publishTimeoutMs: 500,
  });
  // A test's first request comes at once; the server's come later: wait until Redis is connected, or known down.
  await settled(deps.redis);
  const inner = createApp(deps, { serveSpa: false });
  await inner.modules;
  // Every answer checked against its route's response schema: a field the schema lacks fails the test.
  const app = withResponseShapeCheck(inner);

  const request = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.handle(
      new Request(`http://localhost${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          origin: 'http://localhost:3000',
          'x-forwarded-for': `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );

  return {
    app,
    deps,
    db: deps.db,
    sql: deps.sql,
    databaseUrl: database.url,
    redisUrl,
    queuePrefix,
    request,
    get: (path: string, headers?: Record<string, string>) => request('GET', path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => request('POST', path, body, headers),
    async close() {
      await close();
      await database.drop();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The test app for the tests of one file (or describe block): started before them, closed after them. */
export const useTestApp = (options: TestAppOptions = {}) =>
  useFixture(
    () => createTestApp(options),
    (t) => t.close(),
  );

/** Runs `test` against a test app of its own, closed afterwards whatever happens. */
export async function withTestApp<T>(options: TestAppOptions, test: (app: TestApp) => Promise<T>): Promise<T> {
  const app = await createTestApp(options);
  try {
    return await test(app);
  } finally {
    await app.close();
  }
}

/** A clock a test can move: with `clock.offsetMs = 3600_000` it reads an hour from now, until set back to 0. */
export function movableClock() {
  const clock = { offsetMs: 0, now: () => new Date(Date.now() + clock.offsetMs) };
  return clock;
}
