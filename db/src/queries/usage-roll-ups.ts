import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../client';
import {
  at,
  BY_DASHBOARD,
  BY_ORGANIZATION,
  BY_PERSON,
  CLIENT_USAGE,
  instants,
  type Kind,
  periodsOf,
  rowsOf,
  type UsageRanking,
  type UsageWindow,
} from './usage';

/**
 * The usage report's speed shortcut (issue 18, decision 039): whole UTC hours and months are read from the roll-ups
 * the database keeps beside `dashboard_views` (migrations 0016 and 0017), and only the parts of a window that do not
 * fill one from the views themselves. `fromViewsAlone` in `usage.ts` is the plain path they must answer like
 * (`usage.int.test.ts` compares both on the same rows, after every kind of write).
 */

const HOUR_MS = 3_600_000;
const floorHour = (instant: Date) => new Date(Math.floor(instant.getTime() / HOUR_MS) * HOUR_MS);
const isWholeHour = (instant: Date) => instant.getTime() % HOUR_MS === 0;

/**
 * Every view of the window per period: whole UTC hours from the hourly roll-up, and from the views themselves only
 * the hours a period starts or ends inside (zones half or three quarters of an hour off UTC; none for the others).
 */
export async function viewsPerPeriod(db: Database, w: UsageWindow): Promise<number[]> {
  const { labels, starts } = periodsOf(w);
  const edges = [w.start, ...starts.slice(1), w.end];
  const split = [...new Set(edges.filter((e) => !isWholeHour(e)).map((e) => floorHour(e).toISOString()))];
  const splitHours = `{${split.join(',')}}`;
  const [rolledUp, counted] = await Promise.all([
    rowsOf<{ period: number; views: number }>(
      db,
      sql`select width_bucket(hour, ${instants(starts)}::timestamptz[]) as period, sum(views)::int as views
          from dashboard_view_hours
          where hour >= ${at(floorHour(w.start))} and hour < ${at(w.end)} and hour <> all(${splitHours}::timestamptz[])
          group by 1`,
    ),
    split.length === 0
      ? []
      : rowsOf<{ period: number; views: number }>(
          db,
          // Each split hour is a range of the time index.
          sql`select width_bucket(v.viewed_at, ${instants(starts)}::timestamptz[]) as period, count(*)::int as views
              from unnest(${splitHours}::timestamptz[]) as split(hour)
              join dashboard_views v on v.viewed_at >= split.hour and v.viewed_at < split.hour + interval '1 hour'
              where v.viewed_at >= ${at(w.start)} and v.viewed_at < ${at(w.end)} and ${CLIENT_USAGE}
              group by 1`,
        ),
  ]);
  const totals = labels.map(() => 0);
  for (const row of [...rolledUp, ...counted]) if (row.period >= 1) totals[row.period - 1]! += Number(row.views);
  return totals;
}

/** The first instant of the UTC month of `instant`, and of the month after. */
const monthStart = (instant: Date) => new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), 1));
const nextMonth = (month: Date) => new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));

/**
 * Runs `read` in a transaction that plans without parallel workers. The planner takes a ranking's groups for a few
 * hundred (it cannot tell how many ids a union of roll-up rows and views holds) and gathers them from two workers;
 * the report already runs its queries side by side, so on a small machine the workers only add their start and the
 * merge: with 500,000 views, a year's people ranking took 43 ms without them against 50-83 ms with them, the
 * organizations' 39-51 ms against 67 ms (decision 057).
 */
function withoutParallelWorkers<T>(db: Database, read: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return read(tx);
  });
}

/**
 * The `limit` most viewed of a kind over the window (all with null), and how many had a view. Whole UTC months come
 * from the monthly roll-up; the days before the first and after the last whole month from the views themselves.
 */
async function ranking(db: Database, w: UsageWindow, kind: Kind, limit: number | null): Promise<UsageRanking> {
  let first = monthStart(w.start);
  if (first < w.start) first = nextMonth(first);
  const last = monthStart(w.end);
  const months = first < last;
  const fromViews = (from: Date, to: Date) =>
    sql`select ${kind.id} as id, count(*)::int as views from ${kind.from}
        where v.viewed_at >= ${at(from)} and v.viewed_at < ${at(to)} and ${CLIENT_USAGE} and ${kind.id} is not null
        group by 1`;
  const parts = months
    ? [
        sql`select ${kind.monthsId} as id, views from ${kind.months} where month >= ${at(first)} and month < ${at(last)} and views <> 0`,
        ...(w.start < first ? [fromViews(w.start, first)] : []),
        ...(last < w.end ? [fromViews(last, w.end)] : []),
      ]
    : [fromViews(w.start, w.end)];
  const rows = await withoutParallelWorkers(db, (tx) =>
    rowsOf<{ id: number; views: number; count: number }>(
      tx,
      sql`select id, sum(views)::int as views, (count(*) over ())::int as count
        from (${sql.join(parts, sql` union all `)}) counted
        where ${kind.existing(sql`counted.id`)}
        group by id having sum(views) > 0
        order by sum(views) desc, id ${limit === null ? sql`` : sql`limit ${limit}`}`,
    ),
  );
  return { top: rows.map((row) => ({ id: row.id, views: Number(row.views) })), count: Number(rows[0]?.count ?? 0) };
}

export const topDashboards = (db: Database, w: UsageWindow, limit: number | null) =>
  ranking(db, w, BY_DASHBOARD, limit);
export const topPeople = (db: Database, w: UsageWindow, limit: number | null) => ranking(db, w, BY_PERSON, limit);
export const topOrganizations = (db: Database, w: UsageWindow, limit: number | null) =>
  ranking(db, w, BY_ORGANIZATION, limit);
