import { Queues } from '@app/contracts/server';
import { assertMigrated } from '@app/db';
import { createLogger } from '@app/platform/logger';
import { createQueue } from '@app/platform/queues';
import { createRedis } from '@app/platform/redis';
import { exitOnStartError } from '@app/platform/shutdown';
import { connectWorkersDatabase } from './database';
import { loadWorkersConfig } from './env';
import { reconcile } from './outbox/reconcile';
import { retriedJobOptions } from './runtime';

/**
 * `make reconcile`: the workers' reconcile once, now (decision 047), with the workers' environment: after a Redis
 * failover that lost writes, rather than waiting for the next RECONCILE_INTERVAL_MS. Safe to run while the workers run,
 * and as often as wanted: it queues only what Redis does not have. Prints what it queued again as JSON.
 */
const logger = createLogger('workers');
try {
  const config = loadWorkersConfig();
  const database = connectWorkersDatabase({ ...config, WORKER_CONCURRENCY: 1 });
  await assertMigrated(database.sql);
  const redis = createRedis(config, { maxRetriesPerRequest: 3 });
  const connection = { redis, prefix: config.QUEUE_PREFIX };
  const domainEvents = createQueue(connection, Queues.domainEvents);
  const emails = createQueue(connection, Queues.emails);
  try {
    const result = await reconcile({
      db: database.db,
      domainEvents,
      emails,
      emailJobOptions: retriedJobOptions(config, Queues.emails),
      logger,
      minAgeMs: config.RECONCILE_MIN_AGE_MS,
    });
    console.log(JSON.stringify(result));
  } finally {
    await Promise.all([domainEvents.close(), emails.close()]);
    redis.disconnect();
    await database.close();
  }
} catch (error) {
  exitOnStartError(error);
}
