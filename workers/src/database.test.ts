import { workersEnv } from '@app/testing/config-env';
import { describe, expect, it } from 'vitest';
import { connectWorkersDatabase } from './database';
import { loadWorkersConfig } from './env';

const env = { ...workersEnv, DATABASE_URL: 'postgres://u@127.0.0.1:1/db' };

/** The options the workers' pool is made with (postgres.js connects on the first query: none is sent here). */
function poolOptions(extra: Record<string, string>) {
  const handle = connectWorkersDatabase(loadWorkersConfig({ ...env, ...extra }));
  const { max, prepare } = handle.sql.options;
  void handle.close();
  return { max, prepare };
}

describe("the workers' database pool", () => {
  it('has a connection for every job running at once plus two, unless DATABASE_POOL_SIZE says otherwise', () => {
    expect(poolOptions({})).toEqual({ max: 12, prepare: true });
    expect(poolOptions({ WORKER_CONCURRENCY: '30' }).max).toBe(32);
    expect(poolOptions({ WORKER_CONCURRENCY: '30', DATABASE_POOL_SIZE: '8' }).max).toBe(8);
  });

  it('prepares no statement behind PgBouncer (DATABASE_PGBOUNCER=true)', () => {
    expect(poolOptions({ DATABASE_PGBOUNCER: 'true' }).prepare).toBe(false);
    expect(poolOptions({ DATABASE_PGBOUNCER: 'false' }).prepare).toBe(true);
  });
});
