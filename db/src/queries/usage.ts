import { and, asc, eq, exists, gte, isNotNull, isNull, lt, max, or, sql } from 'drizzle-orm';
import type { Database } from '../client';
import * as schema from '../schema';

/**
 * Who opened which dashboard, counted per period (issue 18): one home for the API's usage report and the workers'
 * monthly digest, so the two never disagree. Every count reads `dashboard_views` by time first, through
 * `dashboard_views_viewed_at_idx` (viewed_at, dashboard_id, user_id): index-only range scans (decision 036).
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

const inWindow = (w: UsageWindow) => and(gte(dashboardViews.viewedAt, w.start), lt(dashboardViews.viewedAt, w.end));

/** The period of a view: the first day of its day, week or month on the zone's calendar. */
const bucketOf = (w: UsageWindow) =>
  sql<string>`to_char(date_trunc(${w.groupBy}::text, ${dashboardViews.viewedAt} at time zone ${w.timeZone}::text), 'YYYY-MM-DD')`;

/**
 * GROUP BY the selected period and id by position: the period's expression carries parameters, which PostgreSQL
 * would not recognise as the same expression when they are sent again under other numbers.
 */
const byPosition = sql.raw('1, 2');

const counted = (rows: { bucket: string; id: number | null; views: number }[]): UsageCount[] =>
  rows.flatMap((row) => (row.id === null ? [] : [{ bucket: row.bucket, id: row.id, views: Number(row.views) }]));

/** Views per period and dashboard (anonymous views of public dashboards included). */
export async function viewsPerDashboard(db: Database, w: UsageWindow) {
  const bucket = bucketOf(w);
  const rows = await db
    .select({ bucket, id: dashboardViews.dashboardId, views: sql<number>`count(*)::int` })
    .from(dashboardViews)
    .where(inWindow(w))
    .groupBy(byPosition);
  return counted(rows);
}

/** Views per period and signed-in person. */
export async function viewsPerPerson(db: Database, w: UsageWindow) {
  const bucket = bucketOf(w);
  const rows = await db
    .select({ bucket, id: dashboardViews.userId, views: sql<number>`count(*)::int` })
    .from(dashboardViews)
    .where(and(inWindow(w), isNotNull(dashboardViews.userId)))
    .groupBy(byPosition);
  return counted(rows);
}

/**
 * Views per period and organization: a view counts for an organization when the viewer is one of its members and
 * the dashboard is linked to it (a person in two such organizations counts for both; an admin's own look counts
 * for none).
 */
export async function viewsPerOrganization(db: Database, w: UsageWindow) {
  const bucket = bucketOf(w);
  const rows = await db
    .select({ bucket, id: memberships.organizationId, views: sql<number>`count(*)::int` })
    .from(dashboardViews)
    .innerJoin(memberships, eq(memberships.userId, dashboardViews.userId))
    .innerJoin(
      organizationDashboards,
      and(
        eq(organizationDashboards.organizationId, memberships.organizationId),
        eq(organizationDashboards.dashboardId, dashboardViews.dashboardId),
      ),
    )
    .where(inWindow(w))
    .groupBy(byPosition);
  return counted(rows);
}

/** Names of what the counts name. */
export const dashboardNames = (db: Database) =>
  db.select({ id: dashboards.id, name: dashboards.name }).from(dashboards);
export const organizationNames = (db: Database) =>
  db.select({ id: organizations.id, name: organizations.name }).from(organizations);
export const personNames = (db: Database) =>
  db.select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users);

/** A person's name as the reports show it: first and last name, else the address. */
export const displayName = (p: { email: string; firstName: string | null; lastName: string | null }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ').trim() || p.email;

/**
 * Dashboards someone could open (linked to an active organization, or public) that nobody has opened since `since`,
 * the longest idle first.
 */
export async function idleDashboards(db: Database, since: Date) {
  const lastViewedAt = max(dashboardViews.viewedAt);
  const reachable = or(
    eq(dashboards.isPublic, true),
    exists(
      db
        .select({ one: sql`1` })
        .from(organizationDashboards)
        .innerJoin(organizations, eq(organizations.id, organizationDashboards.organizationId))
        .where(and(eq(organizationDashboards.dashboardId, dashboards.id), eq(organizations.isActive, true))),
    ),
  );
  const rows = await db
    .select({ id: dashboards.id, name: dashboards.name, lastViewedAt })
    .from(dashboards)
    .leftJoin(dashboardViews, eq(dashboardViews.dashboardId, dashboards.id))
    .where(reachable)
    .groupBy(dashboards.id)
    .having(or(isNull(lastViewedAt), sql`${lastViewedAt} < ${since.toISOString()}::timestamptz`))
    .orderBy(sql`${lastViewedAt} asc nulls first`, asc(dashboards.name));
  return rows.map((row) => ({ ...row, lastViewedAt: row.lastViewedAt ? new Date(row.lastViewedAt) : null }));
}

/**
 * Clients (active people of active organizations who are not admins) who have not signed in since `since` (or
 * never), the longest absent first, with their organizations' names.
 */
export async function inactiveClients(db: Database, since: Date) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      lastLoginAt: users.lastLoginAt,
      organizations: sql<string[]>`array_agg(${organizations.name} order by ${organizations.name})`,
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
    .orderBy(sql`${users.lastLoginAt} asc nulls first`, asc(users.email));
  return rows;
}

/** The active administrators: who gets the monthly digest. */
export const activeAdmins = (db: Database) =>
  db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.isActive, true)))
    .orderBy(asc(users.id));
