import type { Database } from '@app/db';
import { sql } from 'drizzle-orm';

/** How many failing dashboards the overview names (the count covers them all). */
const EXAMPLES = 5;

const count = async (db: Database, query: ReturnType<typeof sql>) => {
  const [row] = await db.execute<{ n: number | string }>(query);
  return Number(row?.n ?? 0);
};

/** Confirmed consultations that start in [from, to). */
export const consultationsBetween = (db: Database, from: Date, to: Date) =>
  count(
    db,
    sql`select count(*)::int as n from bookings
        where status = 'confirmed' and starts_at >= ${from.toISOString()} and starts_at < ${to.toISOString()}`,
  );

/** The new leads: leads whose status is still `new` (issue 27), however old; one marked contacted is no longer new. */
export const newLeads = async (db: Database) => ({
  new: await count(db, sql`select count(*)::int as n from leads where status = 'new'`),
});

/** E-mails whose delivery failed since `since`. */
export const failedEmails = (db: Database, since: Date) =>
  count(
    db,
    sql`select count(*)::int as n from email_deliveries where status = 'failed' and created_at >= ${since.toISOString()}`,
  );

/** Sign-ins that failed since `since`. */
export const failedSignIns = (db: Database, since: Date) =>
  count(
    db,
    sql`select count(*)::int as n from sign_in_events where result = 'failure' and created_at >= ${since.toISOString()}`,
  );

/**
 * Dashboards whose provider check fails: the last sync of their embed connection failed, or the last view recorded
 * since `since` did not load (D37). Each once, with the first reason; the count covers all, the list names a few.
 */
export async function failingDashboards(db: Database, since: Date) {
  const rows = await db.execute<{ id: number; name: string; reason: string; total: number }>(sql`
    with latest as (
      select distinct on (dashboard_id) dashboard_id, loaded
      from dashboard_views where viewed_at >= ${since.toISOString()}
      order by dashboard_id, viewed_at desc, id desc
    ),
    failing as (
      select d.id, d.name,
        case when c.last_sync->>'error' is not null then 'Connection ' || c.name || ': ' || (c.last_sync->>'error')
             else 'The last view did not load' end as reason
      from dashboards d
      left join embed_connections c on c.id = d.connection_id
      left join latest l on l.dashboard_id = d.id
      where c.last_sync->>'error' is not null or l.loaded = false
    )
    select id, name, left(reason, 300) as reason, (count(*) over ())::int as total
    from failing order by name, id limit ${EXAMPLES}`);
  const list = [...rows];
  return {
    failing: Number(list[0]?.total ?? 0),
    examples: list.map(({ id, name, reason }) => ({ id: Number(id), name, reason })),
  };
}
