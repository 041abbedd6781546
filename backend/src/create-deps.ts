/** Connects the API's dependencies (`AppDeps`, deps.ts): part of the composition root, which no module imports. */
import { assertMigrated, connect } from '@app/db';
import { createLogger, type Logger } from '@app/platform/logger';
import { createRedis } from '@app/platform/redis';
import { createSecretBox } from '@app/platform/secret-box';
import { queueTelemetry, tracingEnabled } from '@app/platform/tracing';
import type { AppDeps } from './deps';
import type { ApiConfig } from './env';
import { createOutboxPublisher } from './events/publisher';
import { type Clock, systemClock } from './lib/clock';
import { RateLimiter } from './lib/rate-limit';
import { createPublicDashboardsCache } from './modules/dashboards';
import { createEmbedOrigins } from './modules/embedding';
import { assertSecretsCanOpen } from './startup-checks';

export interface DepsOptions {
  logger?: Logger;
  /** Tests set the time. */
  clock?: Clock;
  /** How long a publish waits for Redis before leaving the event to the outbox sweeper. */
  publishTimeoutMs?: number;
}

/**
 * Connects the real dependencies of the API; refuses an unmigrated database. The server and the tests
 * (`backend/testing/app.ts`) both build the app from what this returns.
 */
export async function createDeps(config: ApiConfig, options: DepsOptions = {}) {
  const logger = options.logger ?? createLogger('api');
  // DATABASE_POOL_SIZE connections (tests keep theirs small); no prepared statements behind PgBouncer.
  const database = connect(config.DATABASE_URL, {
    applicationName: 'lucid-insight-api',
    max: config.DATABASE_POOL_SIZE,
    pgbouncer: config.DATABASE_PGBOUNCER,
    trace: tracingEnabled(config),
  });
  await assertMigrated(database.sql);
  // Decision 030: secrets sealed with a key the API does not have would make every embed token fail later.
  await assertSecretsCanOpen(config, database.sql).catch(async (error) => {
    await database.close();
    throw error;
  });
  // Commands fail at once while Redis is down, so a request never waits on it: the outbox keeps the events.
  // One server, a Sentinel-watched master or a Cluster, as REDIS_* says (platform/src/redis.ts).
  const redis = createRedis(config, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
  redis.on('error', (error) => logger.debug({ err: error }, 'redis connection error'));
  const publisher = createOutboxPublisher({
    redis,
    db: database.db,
    logger,
    prefix: config.QUEUE_PREFIX,
    telemetry: queueTelemetry(config),
    ...(options.publishTimeoutMs ? { timeoutMs: options.publishTimeoutMs } : {}),
  });
  // Rate-limit checks are on the hot path of every form: their own connection, whose commands of one tick go out in
  // one write (auto-pipelining), away from the queue's traffic.
  const limiterRedis = createRedis(config, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: false,
    enableAutoPipelining: true,
  });
  limiterRedis.on('error', (error) => logger.debug({ err: error }, 'redis connection error'));
  const rateLimiter = new RateLimiter(limiterRedis, config.QUEUE_PREFIX, logger);
  const deps: AppDeps = {
    config,
    db: database.db,
    sql: database.sql,
    redis,
    publisher,
    clock: options.clock ?? systemClock,
    logger,
    rateLimiter,
    publicDashboards: createPublicDashboardsCache({ db: database.db }),
    secretBox: config.APP_ENCRYPTION_KEY ? createSecretBox(config.APP_ENCRYPTION_KEY) : null,
    embedOrigins: createEmbedOrigins({ db: database.db }),
  };
  await deps.embedOrigins.refresh();
  const close = async () => {
    await publisher.close().catch(() => {});
    redis.disconnect();
    limiterRedis.disconnect();
    await database.close();
  };
  return { deps, close };
}
