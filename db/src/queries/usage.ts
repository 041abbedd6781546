import { periodStarts, todayIn, zonedTimeToUtc } from '@app/contracts/time-zone';
import { and, asc, eq, gte, inArray, isNull, lt, or, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '../client';
import * as schema from '../schema';

/**
 * Who opened which dashboard, counted per period (issue 18): one home for the API's usage report and the workers'
 * monthly digest, so the two never disagree. Every count reads `dashboard_views` by time first, through
 * `dashboard_views_viewed_at_idx` (viewed_at, dashboard_id, user_id): index-only range scans (decisions 036, 039).
 *
 * A view's period is found by comparing its instant with the instants the periods start at, worked out once per
 * report in the zone (daylight saving included) and sent as one array: `width_bucket` is a binary search over a
 * few hundred timestamps, where converting every view to the zone's calendar cost ten times as much (decision 039).
 */

const { dashboardViews, dashboards, users, memberships, organizations, organizationDashboards } = schema;

type UsagePeriod = 'day' | 'week' | 'month';

export interface UsageWindow {
  /** The first instant counted, and the first one after the window. */
  start: Date;
  end: Date;
  groupBy: UsagePeriod;
  /** The zone whose days, weeks (from Monday) and months the counts are grouped by. */
  timeZone: string;
}

/** A count of one period (its first day, yyyy-MM-dd, in the zone) for one organization, dashboard or person. */
export interface UsageCount {
  bucket: string;
  id: number;
  views: number;
}

/** A total over the whole window for one organization, dashboard or person. */
export interface UsageTotal {
  id: number;
  views: number;
}

/** The most viewed of a kind (at most `limit`, most views first, then by id) and how many had a view at all. */
export interface UsageRanking {
  top: UsageTotal[];
  count: number;
}

/** The periods a window is counted in: the first day of each (its label) and the instant it starts. */
export function periodsOf(w: UsageWindow): { labels: string[]; starts: Date[] } {
  const first = todayIn(w.timeZone, w.start);
  const last = todayIn(w.timeZone, new Date(w.end.getTime() - 1));
  // An empty window still has its one period (periodStarts gives none when `to` is before `from`).
  const labels = periodStarts(first, [first, last].sort()[1] ?? first, w.groupBy);
  return { labels, starts: labels.map((day) => zonedTimeToUtc(day, 0, 0, w.timeZone)) };
}

const inWindow = (w: UsageWindow) => and(gte(dashboardViews.viewedAt, w.start), lt(dashboardViews.viewedAt, w.end));

/** An array literal of instants, sent as one parameter. */
const instants = (starts: Date[]) => `{${starts.map((s) => s.toISOString()).join(',')}}`;

/** A query over `dashboard_views` (made `$dynamic()`), scoped by a join or left as it is. */
type Scope = <Q extends PgSelect>(query: Q) => Q;

/** A view counts for an organization when the viewer is one of its members and the dashboard is linked to it. */
const joinOrganizations: Scope = (query) =>
  // The selection is named field by field, so the joined tables change no row's type.
  query
    .innerJoin(memberships, eq(memberships.userId, dashboardViews.userId))
    .innerJoin(
      organizationDashboards,
      and(
        eq(organizationDashboards.organizationId, memberships.organizationId),
        eq(organizationDashboards.dashboardId, dashboardViews.dashboardId),
      ),
    ) as unknown as typeof query;

const asIs: Scope = (query) => query;

/** What a kind of count is: the column that names it, the join it needs, and the views it leaves out. */
interface Kind {
  id: SQLWrapper;
  scope: Scope;
}
const BY_DASHBOARD: Kind = { id: dashboardViews.dashboardId, scope: asIs };
const BY_PERSON: Kind = { id: dashboardViews.userId, scope: asIs };
const BY_ORGANIZATION: Kind = { id: memberships.organizationId, scope: joinOrganizations };

/**
 * Views per period of a kind; only for `ids` when given (the report's top ones), for all otherwise (the digest,
 * the CSV).
 */
async function countsPerPeriod(db: Database, w: UsageWindow, kind: Kind, ids?: number[]): Promise<UsageCount[]> {
  if (ids?.length === 0) return [];
  const { labels, starts } = periodsOf(w);
  const select = db
    .select({
      period: sql<number>`width_bucket(${dashboardViews.viewedAt}, ${instants(starts)}::timestamptz[])`,
      id: sql<number | null>`${kind.id}`,
      views: sql<number>`count(*)::int`,
    })
    .from(dashboardViews)
    .$dynamic();
  const rows = await kind
    .scope(select)
    .where(
      and(
        inWindow(w),
        sql`${kind.id} is not null`,
        ids ? sql`${kind.id} = any(${`{${ids.join(',')}}`}::int[])` : undefined,
      ),
    )
    // By position: the period's expression carries a parameter, which PostgreSQL would not recognise as the same
    // expression sent again under another number.
    .groupBy(sql.raw('1, 2'));
  return rows.flatMap((row) => {
    const bucket = labels[row.period - 1];
    return row.id === null || bucket === undefined ? [] : [{ bucket, id: row.id, views: Number(row.views) }];
  });
}

/** Views per period and dashboard (anonymous views of public dashboards included). */
export const viewsPerDashboard = (db: Database, w: UsageWindow, ids?: number[]) =>
  countsPerPeriod(db, w, BY_DASHBOARD, ids);

/** Views per period and signed-in person. */
export const viewsPerPerson = (db: Database, w: UsageWindow, ids?: number[]) => countsPerPeriod(db, w, BY_PERSON, ids);

/**
 * Views per period and organization: a view counts for an organization when the viewer is one of its members and
 * the dashboard is linked to it (a person in two such organizations counts for both; an admin's own look counts
 * for none).
 */
export const viewsPerOrganization = (db: Database, w: UsageWindow, ids?: number[]) =>
  countsPerPeriod(db, w, BY_ORGANIZATION, ids);

/**
 * Every view of the window per period. Each period is counted on its own range of the index (an index-only count),
 * which costs half of placing every view in its period.
 */
export async function viewsPerPeriod(db: Database, w: UsageWindow): Promise<number[]> {
  const { starts } = periodsOf(w);
  const ranges = starts.map((start, i) => {
    const next = starts[i + 1] ?? w.end;
    return [
      new Date(Math.max(start.getTime(), w.start.getTime())),
      new Date(Math.min(next.getTime(), w.end.getTime())),
    ] as const;
  });
  const parts = await Promise.all(
    chunks(ranges, PERIODS_PER_QUERY).map((part) =>
      db.execute<{ views: number }>(
        sql.join(
          part.map(
            ([from, to]) =>
              sql`(select count(*)::int as views from ${dashboardViews} where ${dashboardViews.viewedAt} >= ${from.toISOString()}::timestamptz and ${dashboardViews.viewedAt} < ${to.toISOString()}::timestamptz)`,
          ),
          sql` union all `,
        ),
      ),
    ),
  );
  return parts.flatMap((rows) => [...rows].map((row) => Number(row.views)));
}

/** UNION ALL keeps its branches in order; a year by day is a few statements, not one of 366 branches. */
const PERIODS_PER_QUERY = 100;
const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** The `limit` most viewed of a kind over the window (all with null), and how many had a view: one pass, no periods. */
async function ranking(db: Database, w: UsageWindow, kind: Kind, limit: number | null): Promise<UsageRanking> {
  const select = db
    .select({
      id: sql<number>`${kind.id}`,
      views: sql<number>`count(*)::int`,
      count: sql<number>`(count(*) over ())::int`,
    })
    .from(dashboardViews)
    .$dynamic();
  const ranked = kind
    .scope(select)
    .where(and(inWindow(w), sql`${kind.id} is not null`))
    .groupBy(sql`${kind.id}`)
    .orderBy(sql`count(*) desc`, sql`${kind.id}`);
  const rows = await (limit === null ? ranked : ranked.limit(limit));
  return { top: rows.map((row) => ({ id: row.id, views: Number(row.views) })), count: Number(rows[0]?.count ?? 0) };
}

export const topDashboards = (db: Database, w: UsageWindow, limit: number | null) =>
  ranking(db, w, BY_DASHBOARD, limit);
export const topPeople = (db: Database, w: UsageWindow, limit: number | null) => ranking(db, w, BY_PERSON, limit);
export const topOrganizations = (db: Database, w: UsageWindow, limit: number | null) =>
  ranking(db, w, BY_ORGANIZATION, limit);

/** Names of what the counts name (only `ids` when given). */
export const dashboardNames = (db: Database, ids?: number[]) =>
  db
    .select({ id: dashboards.id, name: dashboards.name })
    .from(dashboards)
    .where(ids ? inArray(dashboards.id, ids.length ? ids : [0]) : undefined);
export const organizationNames = (db: Database, ids?: number[]) =>
  db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(ids ? inArray(organizations.id, ids.length ? ids : [0]) : undefined);
export const personNames = (db: Database, ids?: number[]) =>
  db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(ids ? inArray(users.id, ids.length ? ids : [0]) : undefined);

/** A person's name as the reports show it: first and last name, else the address. */
export const displayName = (p: { email: string; firstName: string | null; lastName: string | null }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ').trim() || p.email;

/**
 * Dashboards someone could open (linked to an active organization, or public) that nobody has opened since `since`,
 * the longest idle first: each dashboard's last view is the top of its own range of `dashboard_views_dashboard_idx`
 * (dashboard_id, viewed_at), so the history is never aggregated as a whole. At most `limit`, with how many there are.
 */
export async function idleDashboards(db: Database, since: Date, limit: number | null = null) {
  const lastView = db
    .select({ at: sql<Date | string | null>`max(${dashboardViews.viewedAt})`.as('last_viewed_at') })
    .from(dashboardViews)
    .where(eq(dashboardViews.dashboardId, dashboards.id))
    .as('last_view');
  const reachable = or(
    eq(dashboards.isPublic, true),
    sql`exists (select 1 from ${organizationDashboards} join ${organizations} on ${organizations.id} = ${organizationDashboards.organizationId} where ${organizationDashboards.dashboardId} = ${dashboards.id} and ${organizations.isActive})`,
  );
  const idle = and(reachable, or(isNull(lastView.at), sql`${lastView.at} < ${since.toISOString()}::timestamptz`));
  const rows = await paged(
    db
      .select({
        id: dashboards.id,
        name: dashboards.name,
        lastViewedAt: lastView.at,
        count: sql<number>`(count(*) over ())::int`,
      })
      .from(dashboards)
      .leftJoinLateral(lastView, sql`true`)
      .where(idle)
      .orderBy(sql`${lastView.at} asc nulls first`, asc(dashboards.name), asc(dashboards.id))
      .$dynamic(),
    limit,
  );
  return {
    rows: rows.map(({ count: _, ...row }) => ({
      ...row,
      lastViewedAt: row.lastViewedAt ? new Date(row.lastViewedAt) : null,
    })),
    count: Number(rows[0]?.count ?? 0),
  };
}

/**
 * Clients (active people of active organizations who are not admins) who have not signed in since `since` (or
 * never), the longest absent first, with their organizations' names. At most `limit`, with how many there are.
 */
export async function inactiveClients(db: Database, since: Date, limit: number | null = null) {
  const rows = await paged(
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        lastLoginAt: users.lastLoginAt,
        organizations: sql<string[]>`array_agg(${organizations.name} order by ${organizations.name})`,
        count: sql<number>`(count(*) over ())::int`,
      })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(
        and(
          eq(users.isActive, true),
          eq(users.isAdmin, false),
          eq(organizations.isActive, true),
          or(isNull(users.lastLoginAt), lt(users.lastLoginAt, since)),
        ),
      )
      .groupBy(users.id)
      .orderBy(sql`${users.lastLoginAt} asc nulls first`, asc(users.email))
      .$dynamic(),
    limit,
  );
  return { rows: rows.map(({ count: _, ...row }) => row), count: Number(rows[0]?.count ?? 0) };
}

/** A dynamic select limited to its first `limit` rows, or left whole (null). */
const paged = <Q extends PgSelect>(query: Q, limit: number | null) => (limit === null ? query : query.limit(limit));

/** The active administrators: who gets the monthly digest. */
export const activeAdmins = (db: Database) =>
  db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.isActive, true)))
    .orderBy(asc(users.id));
