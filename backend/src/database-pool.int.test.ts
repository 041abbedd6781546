/**
 * DATABASE_POOL_SIZE and DATABASE_PGBOUNCER reach the API's PostgreSQL pool: the pool opens at most that many
 * connections under load, and in PgBouncer mode no session has a prepared statement after real requests (behind
 * PgBouncer in transaction mode, a statement prepared on one server session is missing on the next).
 */

import { describe, expect, it } from 'vitest';
import { type TestApp, withTestApp } from '../testing/app';
import { contactMessage } from '../testing/contact';

/** Requests that read and write through Drizzle and postgres.js: contact messages (a transaction with the outbox). */
async function traffic(t: TestApp) {
  const answers = await Promise.all([
    ...Array.from({ length: 8 }, (_, i) => t.post('/api/contact', contactMessage({ email: `pool${i}@example.com` }))),
    ...Array.from({ length: 4 }, () => t.get('/api/dashboards/public')),
  ]);
  expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(4).fill(200), ...Array(8).fill(201)].sort());
}

/** Each connection of the pool at once (as many slow queries as connections): its backend and prepared statements. */
async function sessions(t: TestApp, size: number) {
  return Promise.all(
    Array.from(
      { length: size * 3 },
      () => t.sql<{ pid: number; prepared: number }[]>`
        select pg_backend_pid() as pid, (select count(*) from pg_prepared_statements)::int as prepared, pg_sleep(0.2)`,
    ),
  ).then((rows) => rows.map(([row]) => ({ pid: row?.pid, prepared: row?.prepared })));
}

/** Connections the API holds to its database, as PostgreSQL sees them. */
const apiConnections = async (t: TestApp) => {
  const [row] = await t.sql<{ count: number }[]>`
    select count(*)::int as count from pg_stat_activity
    where datname = current_database() and application_name = 'lucid-insight-api'`;
  return row?.count;
};

describe('the API database pool', () => {
  it('with DATABASE_PGBOUNCER=true prepares no statement, on any of its DATABASE_POOL_SIZE connections', async () => {
    await withTestApp({ env: { DATABASE_POOL_SIZE: '3', DATABASE_PGBOUNCER: 'true' } }, async (t) => {
      expect(t.sql.options).toMatchObject({ max: 3, prepare: false });
      await traffic(t);
      const seen = await sessions(t, 3);
      expect(new Set(seen.map((session) => session.pid)).size).toBe(3);
      expect(seen.every((session) => session.prepared === 0)).toBe(true);
      expect(await apiConnections(t)).toBe(3);
    });
  });

  it('by default prepares its statements (what the PgBouncer mode turns off), on a pool of the configured size', async () => {
    await withTestApp({ env: { DATABASE_POOL_SIZE: '2' } }, async (t) => {
      expect(t.sql.options).toMatchObject({ max: 2, prepare: true });
      await traffic(t);
      const seen = await sessions(t, 2);
      expect(new Set(seen.map((session) => session.pid)).size).toBe(2);
      expect(seen.some((session) => (session.prepared ?? 0) > 0)).toBe(true);
      expect(await apiConnections(t)).toBe(2);
    });
  });
});
