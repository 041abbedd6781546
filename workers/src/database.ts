import { connect } from '@app/db';
import type { WorkersConfig } from './env';

type DatabaseSettings = Pick<
  WorkersConfig,
  'DATABASE_URL' | 'DATABASE_POOL_SIZE' | 'DATABASE_PGBOUNCER' | 'WORKER_CONCURRENCY' | 'OTEL_EXPORTER_OTLP_ENDPOINT'
>;

/**
 * The workers' PostgreSQL pool: DATABASE_POOL_SIZE connections, or one for every job running at once plus two (the
 * outbox sweeper, the calendar sync); no prepared statements behind PgBouncer in transaction mode (DATABASE_PGBOUNCER).
 */
export const connectWorkersDatabase = (config: DatabaseSettings) =>
  connect(config.DATABASE_URL, {
    applicationName: 'lucid-insight-workers',
    max: config.DATABASE_POOL_SIZE ?? config.WORKER_CONCURRENCY + 2,
    pgbouncer: config.DATABASE_PGBOUNCER,
    trace: Boolean(config.OTEL_EXPORTER_OTLP_ENDPOINT),
  });
