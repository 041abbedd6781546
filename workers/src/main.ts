import { assertMigrated } from '@app/db';
import { createLogger } from '@app/platform/logger';
import { exitOnStartError, onShutdown } from '@app/platform/shutdown';
import { startTracing } from '@app/platform/tracing';
import { connectWorkersDatabase } from './database';
import { EmailTemplateError } from './emails/render';
import { loadWorkersConfig } from './env';
import { startHealthServer } from './health';
import { startWorkers } from './runtime';

// The same redaction list as the API's logger: no password, token or cookie can reach a log line.
const logger = createLogger('workers');

try {
  const config = loadWorkersConfig();
  // Before anything connects: the provider must be registered when the first span starts.
  const tracing = startTracing(config, 'lucid-insight-workers');
  const database = connectWorkersDatabase(config);
  await assertMigrated(database.sql);
  const runtime = await startWorkers({ config, db: database.db, logger });
  const health = startHealthServer(
    { port: config.WORKERS_HEALTH_PORT, hostname: config.WORKERS_HEALTH_HOST, metricsToken: config.METRICS_TOKEN },
    { sql: database.sql, redis: runtime.redis, metrics: runtime.metrics.registry },
  );
  logger.info(
    { healthHost: health.hostname, healthPort: health.port, queuePrefix: config.QUEUE_PREFIX },
    'workers started',
  );

  onShutdown(logger, 'shutting down: letting jobs in progress finish', async () => {
    await health.stop();
    await runtime.close();
    await database.close();
    await tracing.shutdown();
  });
} catch (error) {
  exitOnStartError(error, EmailTemplateError);
}
