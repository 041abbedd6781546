// Long file: every figure of the usage report and the monthly digest from `dashboard_views`, in one home so the two never disagree (decision 036).
import { periodStarts, todayIn, zonedTimeToUtc } from '@app/contracts/time-zone';
import { and, asc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../client';
import * as schema from '../schema';

/**
 * Who opened which dashboard, counted per period (issue 18): one home for the API's usage report and the workers'
 * monthly digest, so the two never disagree. What whole hours and months can be read from the roll-ups is read there
 * (`usage-roll-ups.ts`, decision 039); these read `dashboard_views` itself. Every count reads `dashboard_views` by time first, through
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

/** An array literal of instants, sent as one parameter. */
export const instants = (starts: Date[]) => `{${starts.map((s) => s.toISOString()).join(',')}}`;
const integers = (ids: number[]) => `{${ids.join(',')}}`;
export const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/**
 * What a kind of count names, read from `dashboard_views v`: its id, the rows it reads (an organization's are the
 * organizations each view counts for; one deleted since is left out), and its monthly roll-up.
 */
export interface Kind {
  id: SQL;
  from: SQL;
  months: SQL;
  monthsId: SQL;
  /** A condition that keeps only ids that still name something (true where a cascade sees to it). */
  existing: (id: SQL) => SQL;
}
/** A kind named by a column of the view itself, whose rows a cascade deletes with what it names. */
const viewColumnKind = (column: 'dashboard_id' | 'user_id', months: string): Kind => ({
  id: sql.raw(`v.${column}`),
  from: sql`dashboard_views v`,
  months: sql.raw(months),
  monthsId: sql.raw(column),
  existing: () => sql`true`,
});
export const BY_DASHBOARD = viewColumnKind('dashboard_id', 'dashboard_view_months');
export const BY_PERSON = viewColumnKind('user_id', 'person_view_months');
export const BY_ORGANIZATION: Kind = {
  id: sql`o.id`,
  from: sql`dashboard_views v cross join unnest(v.organization_ids) as o(id)`,
  months: sql`organization_view_months`,
  monthsId: sql`organization_id`,
  // A deleted organization's id stays in its members' past views.
  existing: (id) => sql`exists (select 1 from organizations where organizations.id = ${id})`,
};

/**
 * D37: the report, its roll-ups and the digest count clients' usage only: views by someone who was not an
 * administrator that loaded (`client_usage`, kept by the database). The others are listed apart (`viewsApart`).
 */
export const CLIENT_USAGE = sql`v.client_usage`;

export const rowsOf = async <T>(db: Database | Transaction, query: SQL) => [...(await db.execute(query))] as T[];

/**
 * Views per period of a kind, from the views themselves; only for `ids` when given (the report's listed ones, found
 * through the kind's own index), for all otherwise (the digest, the CSV).
 */
async function countsPerPeriod(db: Database, w: UsageWindow, kind: Kind, ids?: number[]): Promise<UsageCount[]> {
  if (ids?.length === 0) return [];
  const { labels, starts } = periodsOf(w);
  // The organizations' GIN index finds their views; the others' ids lead a btree index of their own.
  const only = !ids
    ? sql``
    : kind === BY_ORGANIZATION
      ? sql`and v.organization_ids && ${integers(ids)}::int[] and o.id = any(${integers(ids)}::int[])`
      : sql`and ${kind.id} = any(${integers(ids)}::int[])`;
  const rows = await rowsOf<{ period: number; id: number | null; views: number }>(
    db,
    sql`select width_bucket(v.viewed_at, ${instants(starts)}::timestamptz[]) as period, ${kind.id} as id,
          count(*)::int as views
        from ${kind.from}
        where v.viewed_at >= ${at(w.start)} and v.viewed_at < ${at(w.end)} and ${CLIENT_USAGE}
          and ${kind.id} is not null ${only} and ${kind.existing(kind.id)}
        group by 1, 2`,
  );
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
 * Views per period and organization: a view counts for the organizations the viewer was a member of, with the
 * dashboard linked to them, when it was recorded (a person in two such organizations counts for both; an admin's
 * own look counts for none).
 */
export const viewsPerOrganization = (db: Database, w: UsageWindow, ids?: number[]) =>
  countsPerPeriod(db, w, BY_ORGANIZATION, ids);

/**
 * The same figures from the views alone, without the roll-ups: the plain path that the roll-ups must answer like
 * (db/src/queries/usage.int.test.ts compares them on the same rows).
 */
export const fromViewsAlone = {
  async viewsPerPeriod(db: Database, w: UsageWindow): Promise<number[]> {
    const { labels, starts } = periodsOf(w);
    const rows = await rowsOf<{ period: number; views: number }>(
      db,
      sql`select width_bucket(v.viewed_at, ${instants(starts)}::timestamptz[]) as period, count(*)::int as views
          from dashboard_views v where v.viewed_at >= ${at(w.start)} and v.viewed_at < ${at(w.end)} and ${CLIENT_USAGE}
          group by 1`,
    );
    const totals = labels.map(() => 0);
    for (const row of rows) totals[row.period - 1]! += Number(row.views);
    return totals;
  },
  async ranking(db: Database, w: UsageWindow, kind: 'dashboard' | 'person' | 'organization', limit?: number) {
    const k = { dashboard: BY_DASHBOARD, person: BY_PERSON, organization: BY_ORGANIZATION }[kind];
    return rowsOf<{ id: number; views: number }>(
      db,
      sql`select ${k.id} as id, count(*)::int as views from ${k.from}
          where v.viewed_at >= ${at(w.start)} and v.viewed_at < ${at(w.end)} and ${CLIENT_USAGE}
          and ${k.id} is not null and ${k.existing(k.id)}
          group by 1 order by 2 desc, 1 ${limit === undefined ? sql`` : sql`limit ${limit}`}`,
    );
  },
};

/** What is not clients' usage (D37), per dashboard: the team's previews, and clients' loads that failed. */
export interface ViewsApart {
  previews: UsageRanking;
  /** Every preview of the window. */
  previewViews: number;
  failedLoads: UsageRanking;
  failedLoadViews: number;
}

/**
 * The views of the window that are not clients' usage (D37), listed apart: an administrator's views (previews,
 * whether they loaded or not) and clients' loads that failed, per dashboard, most first, at most `limit` of each.
 * Few rows: read through their own partial index (`dashboard_views_apart_idx`).
 */
export async function viewsApart(db: Database, w: UsageWindow, limit: number | null): Promise<ViewsApart> {
  const rows = await rowsOf<{ id: number; previews: number; failed: number }>(
    db,
    sql`select v.dashboard_id as id, (count(*) filter (where v.by_admin))::int as previews,
          (count(*) filter (where not v.by_admin and not v.loaded))::int as failed
        from dashboard_views v
        where v.viewed_at >= ${at(w.start)} and v.viewed_at < ${at(w.end)} and not ${CLIENT_USAGE}
        group by 1`,
  );
  const ranking = (views: (row: (typeof rows)[number]) => number) => {
    const counted = rows
      .map((row) => ({ id: row.id, views: Number(views(row)) }))
      .filter((row) => row.views > 0)
      .sort((a, b) => b.views - a.views || a.id - b.id);
    return {
      ranking: { top: limit === null ? counted : counted.slice(0, limit), count: counted.length },
      views: counted.reduce((sum, row) => sum + row.views, 0),
    };
  };
  const previews = ranking((row) => row.previews);
  const failed = ranking((row) => row.failed);
  return {
    previews: previews.ranking,
    previewViews: previews.views,
    failedLoads: failed.ranking,
    failedLoadViews: failed.views,
  };
}

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
    // A client's view that loaded (D37): a dashboard only the team previewed is still idle.
    .where(and(eq(dashboardViews.dashboardId, dashboards.id), eq(dashboardViews.clientUsage, true)))
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
