import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { traceQueries } from './query-tracing';
import * as schema from './schema';

/** Drizzle over postgres.js; `$client` is the postgres.js pool itself (prepared statements unless behind PgBouncer). */
export type Database = PostgresJsDatabase<typeof schema> & { $client: postgres.Sql };
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  sql: postgres.Sql;
  close: () => Promise<void>;
}

export interface ConnectOptions {
  /** Connections in the pool. */
  max?: number;
  /** Name shown in pg_stat_activity. */
  applicationName?: string;
  /**
   * Behind PgBouncer in transaction mode (DATABASE_PGBOUNCER): no prepared statements, since each transaction may run
   * on another server session, where a statement prepared on the first one does not exist.
   */
  pgbouncer?: boolean;
  /** Every query as an OpenTelemetry span (when tracing is on: OTEL_EXPORTER_OTLP_ENDPOINT). */
  trace?: boolean;
}

export function connect(url: string, options: ConnectOptions = {}): DatabaseHandle {
  const pool = postgres(url, {
    max: options.max ?? 10,
    prepare: !options.pgbouncer,
    onnotice: () => {},
    connection: { application_name: options.applicationName ?? 'lucid-insight' },
  });
  const sql = options.trace ? traceQueries(pool) : pool;
  const db = drizzle(sql, { schema, casing: 'snake_case' });
  return { db, sql, close: () => sql.end({ timeout: 5 }) };
}
