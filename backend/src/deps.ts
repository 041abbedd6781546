// Before anything that uses Redis: see the module.
import '@app/contracts/diagnostics-channel';
import { assertMigrated, connect } from '@app/db';
import { Redis } from 'ioredis';
import type { AppDeps } from './app';
import type { ApiConfig } from './env';
import { createOutboxPublisher } from './events/publisher';
import { systemClock } from './lib/clock';
import { createLogger, type Logger } from './lib/logger';
import { RateLimiter } from './lib/rate-limit';
import { createPublicDashboardsCache } from './modules/dashboards/public-dashboards.cache';

/** Connects the real dependencies of the API; refuses an unmigrated database. */
export async function createDeps(config: ApiConfig, logger: Logger = createLogger('api')) {
  const database = connect(config.DATABASE_URL, { applicationName: 'lucid-insight-api' });
  await assertMigrated(database.sql);
  // Commands fail at once while Redis is down, so a request never waits on it: the outbox keeps the events.
  const redis = new Redis(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
  redis.on('error', (error) => logger.debug({ err: error }, 'redis connection error'));
  const publisher = createOutboxPublisher({ redis, db: database.db, logger, prefix: config.QUEUE_PREFIX });
  // Rate-limit checks are on the hot path of every form: their own connection, whose commands of one tick go out in
  // one write (auto-pipelining), away from the queue's traffic.
  const limiterRedis = redis.duplicate({ enableAutoPipelining: true });
  limiterRedis.on('error', (error) => logger.debug({ err: error }, 'redis connection error'));
  const rateLimiter = new RateLimiter(limiterRedis, config.QUEUE_PREFIX, logger);
  const deps: AppDeps = {
    config,
    db: database.db,
    sql: database.sql,
    redis,
    publisher,
    clock: systemClock,
    logger,
    rateLimiter,
    publicDashboards: createPublicDashboardsCache({ db: database.db, redis, prefix: config.QUEUE_PREFIX, logger }),
  };
  const close = async () => {
    await deps.publicDashboards.close();
    await publisher.close().catch(() => {});
    redis.disconnect();
    limiterRedis.disconnect();
    await database.close();
  };
  return { deps, close };
}
