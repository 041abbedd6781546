import { connect } from '@app/db';
import { seed } from '@app/db/seed';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { APP_URL, COMPANY_EMAIL, DATABASE_SERVER_URL, EMAIL_FROM, REDIS_URL, uniquePrefix } from './env';
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

/**
 * `bun <script>` as production starts it (NODE_ENV=production, warnings only), with the shared settings and `env`
 * added; ready once `healthUrl` answers, stopped again if it never does.
 */
async function startService(
  script: string,
  name: string,
  env: Record<string, string>,
  healthUrl: string,
): Promise<Child> {
  const child = spawnBun(
    [script],
    { REDIS_URL, APP_URL, COMPANY_EMAIL, LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    name,
  );
  try {
    await waitForHttp(healthUrl, child);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return child;
}

/** The API as production starts it: `bun backend/src/server.ts`, configured by its environment. */
export async function startApi(options: {
  databaseUrl: string;
  queuePrefix: string;
  env?: Record<string, string>;
}): Promise<ApiProcess> {
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    DATABASE_URL: options.databaseUrl,
    PORT: String(port),
    QUEUE_PREFIX: options.queuePrefix,
    METRICS_TOKEN: 'bench-metrics-token-0123456789',
    ...options.env,
  };
  const child = await startService('backend/src/server.ts', 'API', env, `${url}/healthz`).catch(async (error) => {
    await removeRedisKeys(options.queuePrefix);
    throw error;
  });
  const stop = async () => {
    await child.stop();
    await removeRedisKeys(options.queuePrefix);
  };
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
  const env = {
    DATABASE_URL: options.databaseUrl,
    SMTP_URL: options.smtpUrl,
    EMAIL_FROM,
    QUEUE_PREFIX: options.queuePrefix,
    WORKERS_HEALTH_PORT: String(healthPort),
    // Production's rule, as the API's: no /metrics without its token.
    METRICS_TOKEN: 'bench-metrics-token-0123456789',
    ...options.env,
  };
  return startService('workers/src/main.ts', 'workers', env, `http://127.0.0.1:${healthPort}/healthz`);
}

export interface BenchStack {
  database: TestDatabase;
  api: ApiProcess;
  /** Starts bench/baselines/<script> on a free port beside the API (stopped with it); its URL once `readyPath` answers. */
  startBaseline(script: string, env: Record<string, string>, readyPath: string): Promise<string>;
}

/**
 * A fresh database (seeded or not) and the API on it behind a trusted proxy (TRUST_PROXY=true, and `env`), for `run`;
 * then the baselines and the API are stopped and the database dropped, whatever happened.
 */
export async function withStack<T>(
  options: { name: string; seed?: boolean; env?: Record<string, string> },
  run: (stack: BenchStack) => Promise<T>,
): Promise<T> {
  const database = await freshDatabase({ seed: options.seed });
  const api = await startApi({
    databaseUrl: database.url,
    queuePrefix: uniquePrefix(options.name),
    env: { TRUST_PROXY: 'true', ...options.env },
  }).catch(async (error) => {
    await database.drop();
    throw error;
  });
  const baselines: Child[] = [];
  try {
    return await run({
      database,
      api,
      async startBaseline(script, env, readyPath) {
        const port = freePort();
        const child = spawnBun([`bench/baselines/${script}`], { ...env, PORT: String(port) }, 'baseline');
        baselines.push(child);
        const url = `http://127.0.0.1:${port}`;
        await waitForHttp(`${url}${readyPath}`, child);
        return url;
      },
    });
  } finally {
    for (const baseline of baselines) await baseline.stop();
    await api.stop();
    await database.drop();
  }
}

/** Each request from its own address (the API runs with TRUST_PROXY=true), so the per-IP limit stays out of the way. */
export const forwardedFor = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
