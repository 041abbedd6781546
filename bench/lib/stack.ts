import { connect } from '@app/db';
import { seed } from '@app/db/seed';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { APP_URL, COMPANY_EMAIL, DATABASE_SERVER_URL, EMAIL_FROM, REDIS_URL } from './env';
import { type Child, freePort, spawnBun, waitForHttp } from './process';

/** A fresh migrated database (dropped by `drop()`), optionally with the sample dashboards. */
export async function freshDatabase(options: { seed?: boolean } = {}): Promise<TestDatabase> {
  const database = await createTestDatabase(DATABASE_SERVER_URL);
  if (options.seed) {
    const handle = connect(database.url, { max: 1 });
    try {
      await seed(handle.db);
    } finally {
      await handle.close();
    }
  }
  return database;
}

export interface ApiProcess extends Child {
  url: string;
}

/** The API as production starts it: `bun backend/src/server.ts`, configured by its environment. */
export async function startApi(options: {
  databaseUrl: string;
  queuePrefix: string;
  env?: Record<string, string>;
}): Promise<ApiProcess> {
  const port = freePort();
  const child = spawnBun(
    ['backend/src/server.ts'],
    {
      DATABASE_URL: options.databaseUrl,
      REDIS_URL,
      APP_URL,
      COMPANY_EMAIL,
      PORT: String(port),
      QUEUE_PREFIX: options.queuePrefix,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      METRICS_TOKEN: 'bench-metrics-token-0123456789',
      ...options.env,
    },
    'API',
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await child.stop();
    await removeRedisKeys(options.queuePrefix);
  };
  try {
    await waitForHttp(`${url}/healthz`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { ...child, stop, url };
}

/**
 * Deletes every Redis key of a benchmark's queue prefix (its jobs and rate-limit counters: a contact run leaves
 * about 100,000 of each), so runs do not pile up in the shared Redis and slow each other down.
 */
async function removeRedisKeys(prefix: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 5000);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== '0');
  } catch (error) {
    console.warn(`  could not remove the Redis keys of ${prefix}: ${(error as Error).message}`);
  } finally {
    redis.disconnect();
  }
}

/** The workers as production starts them: `bun workers/src/main.ts`. Ready when their health port answers. */
export async function startWorkersProcess(options: {
  databaseUrl: string;
  queuePrefix: string;
  smtpUrl: string;
  env?: Record<string, string>;
}): Promise<Child> {
  const healthPort = freePort();
  const child = spawnBun(
    ['workers/src/main.ts'],
    {
      DATABASE_URL: options.databaseUrl,
      REDIS_URL,
      SMTP_URL: options.smtpUrl,
      EMAIL_FROM,
      COMPANY_EMAIL,
      APP_URL,
      QUEUE_PREFIX: options.queuePrefix,
      WORKERS_HEALTH_PORT: String(healthPort),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...options.env,
    },
    'workers',
  );
  try {
    await waitForHttp(`http://127.0.0.1:${healthPort}/healthz`, child);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return child;
}

/** Each request from its own address (the API runs with TRUST_PROXY=true), so the per-IP limit stays out of the way. */
export const forwardedFor = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
