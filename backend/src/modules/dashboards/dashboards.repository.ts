import type { Database } from '@app/db';
import { schema } from '@app/db';
import { and, asc, eq, gt, max, sql } from 'drizzle-orm';

const { dashboards, organizationDashboards, organizations, memberships, dashboardViews } = schema;

export function listPublicDashboards(db: Database) {
  return db
    .select({ id: dashboards.id, name: dashboards.name, category: dashboards.category, type: dashboards.type })
    .from(dashboards)
    .where(eq(dashboards.isPublic, true))
    .orderBy(asc(dashboards.id));
}

/** Ids of the dashboards linked to the user's active organizations. */
const linkedToUser = (db: Database, userId: number) =>
  db
    .selectDistinct({ id: organizationDashboards.dashboardId })
    .from(organizationDashboards)
    .innerJoin(organizations, eq(organizations.id, organizationDashboards.organizationId))
    .innerJoin(memberships, eq(memberships.organizationId, organizations.id))
    .where(and(eq(memberships.userId, userId), eq(organizations.isActive, true)));

/** The user's dashboards, each once, the ones they viewed most recently first, then by name (D19). */
export async function listDashboardsOfUser(db: Database, userId: number) {
  const linked = linkedToUser(db, userId).as('linked');
  const lastViews = db
    .select({
      dashboardId: dashboardViews.dashboardId,
      lastViewedAt: max(dashboardViews.viewedAt).as('last_viewed_at'),
    })
    .from(dashboardViews)
    .where(eq(dashboardViews.userId, userId))
    .groupBy(dashboardViews.dashboardId)
    .as('last_views');
  return db
    .select({
      id: dashboards.id,
      name: dashboards.name,
      category: dashboards.category,
      type: dashboards.type,
      description: dashboards.description,
      thumbnailUrl: dashboards.thumbnailUrl,
      lastViewedAt: lastViews.lastViewedAt,
    })
    .from(dashboards)
    .innerJoin(linked, eq(linked.id, dashboards.id))
    .leftJoin(lastViews, eq(lastViews.dashboardId, dashboards.id))
    .orderBy(sql`${lastViews.lastViewedAt} desc nulls last`, asc(dashboards.name), asc(dashboards.id));
}

export async function findDashboard(db: Database, id: number) {
  const [row] = await db.select().from(dashboards).where(eq(dashboards.id, id));
  return row ?? null;
}

export async function isLinkedToUser(db: Database, dashboardId: number, userId: number) {
  const [row] = await db
    .select({ id: organizationDashboards.dashboardId })
    .from(organizationDashboards)
    .innerJoin(organizations, eq(organizations.id, organizationDashboards.organizationId))
    .innerJoin(memberships, eq(memberships.organizationId, organizations.id))
    .where(
      and(
        eq(organizationDashboards.dashboardId, dashboardId),
        eq(memberships.userId, userId),
        eq(organizations.isActive, true),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Records that the user viewed the dashboard at `at`, unless they already did within `windowMs` before it (D33).
 * Parallel calls for the same user and dashboard wait for each other on a transaction-scoped advisory lock, so the
 * check and the insert are one step: twenty parallel calls give one row. Returns whether a row was added.
 */
export async function recordViewOnce(
  db: Database,
  dashboardId: number,
  userId: number,
  at: Date,
  windowMs: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`dashboard-view:${dashboardId}:${userId}`}, 0))`,
    );
    const [recent] = await tx
      .select({ id: dashboardViews.id })
      .from(dashboardViews)
      .where(
        and(
          eq(dashboardViews.userId, userId),
          eq(dashboardViews.dashboardId, dashboardId),
          gt(dashboardViews.viewedAt, new Date(at.getTime() - windowMs)),
        ),
      )
      .limit(1);
    if (recent) return false;
    await tx.insert(dashboardViews).values({ dashboardId, userId, viewedAt: at });
    return true;
  });
}
