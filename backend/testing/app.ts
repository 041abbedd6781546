import { connect } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { Redis } from 'ioredis';
import { inject } from 'vitest';
import { type AppDeps, createApp } from '../src/app';
import { loadApiConfig } from '../src/env';
import { createOutboxPublisher } from '../src/events/publisher';
import type { Clock } from '../src/lib/clock';
import { type Logger, silentLogger } from '../src/lib/logger';
import { RateLimiter } from '../src/lib/rate-limit';
import { createPublicDashboardsCache } from '../src/modules/dashboards/public-dashboards.cache';

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
    // Each request comes from its own address unless a test says otherwise, so rate limits stay out of the way.
    TRUST_PROXY: 'true',
    ...options.env,
  });
  const handle = connect(database.url, { max: 5 });
  const redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  redis.on('error', () => {});
  const publisher = createOutboxPublisher({
    redis,
    db: handle.db,
    logger: silentLogger,
    prefix: queuePrefix,
    timeoutMs: 500,
  });
  const deps: AppDeps = {
    config,
    db: handle.db,
    sql: handle.sql,
    redis,
    publisher,
    clock: options.clock ?? { now: () => new Date() },
    logger: options.logger ?? silentLogger,
    rateLimiter: new RateLimiter(redis, queuePrefix, silentLogger),
    publicDashboards: createPublicDashboardsCache({ db: handle.db, redis, prefix: queuePrefix, logger: silentLogger }),
  };
  const app = createApp(deps, { serveSpa: false });
  await app.modules;

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
    db: handle.db,
    sql: handle.sql,
    databaseUrl: database.url,
    redisUrl,
    queuePrefix,
    request,
    get: (path: string, headers?: Record<string, string>) => request('GET', path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => request('POST', path, body, headers),
    async close() {
      await deps.publicDashboards.close();
      await publisher.close().catch(() => {});
      redis.disconnect();
      await handle.close();
      await database.drop();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
