import type { Database } from '@app/db';
import { withLinkMembers } from '@app/db/queries/joins';
import * as schema from '@app/db/schema';
import { and, asc, desc, eq, max, sql } from 'drizzle-orm';

const { dashboards, organizationDashboards, organizations, memberships, dashboardViews, dashboardFavourites } = schema;

/** The client portal's reads and the person's stars (issue 18): what one signed-in person sees of their dashboards. */

/** The links of the user's active organizations: which dashboard comes from which organization. */
const linksOfUser = (db: Database, userId: number) =>
  withLinkMembers(
    db
      .select({
        dashboardId: organizationDashboards.dashboardId,
        organizationId: organizations.id,
        organizationName: organizations.name,
      })
      .from(organizationDashboards)
      .$dynamic(),
  )
    .where(and(eq(memberships.userId, userId), eq(organizations.isActive, true)))
    .orderBy(asc(organizations.name), asc(organizations.id));

/**
 * The user's dashboards, each once: their favourites first, then the ones they viewed most recently (D19), then by
 * name; each with the person's own last view and the organizations it comes from.
 */
export async function listDashboardsOfUser(db: Database, userId: number) {
  const linked = db
    .selectDistinct({ id: organizationDashboards.dashboardId })
    .from(organizationDashboards)
    .innerJoin(organizations, eq(organizations.id, organizationDashboards.organizationId))
    .innerJoin(memberships, eq(memberships.organizationId, organizations.id))
    .where(and(eq(memberships.userId, userId), eq(organizations.isActive, true)))
    .as('linked');
  const lastViews = db
    .select({
      dashboardId: dashboardViews.dashboardId,
      lastViewedAt: max(dashboardViews.viewedAt).as('last_viewed_at'),
    })
    .from(dashboardViews)
    .where(eq(dashboardViews.userId, userId))
    .groupBy(dashboardViews.dashboardId)
    .as('last_views');
  const isFavourite = sql<boolean>`(${dashboardFavourites.userId} is not null)`;
  const [rows, links] = await Promise.all([
    db
      .select({
        id: dashboards.id,
        name: dashboards.name,
        category: dashboards.category,
        type: dashboards.type,
        description: dashboards.description,
        thumbnailUrl: dashboards.thumbnailUrl,
        lastViewedAt: lastViews.lastViewedAt,
        isFavourite,
      })
      .from(dashboards)
      .innerJoin(linked, eq(linked.id, dashboards.id))
      .leftJoin(lastViews, eq(lastViews.dashboardId, dashboards.id))
      .leftJoin(
        dashboardFavourites,
        and(eq(dashboardFavourites.dashboardId, dashboards.id), eq(dashboardFavourites.userId, userId)),
      )
      .orderBy(
        sql`${isFavourite} desc`,
        sql`${lastViews.lastViewedAt} desc nulls last`,
        asc(dashboards.name),
        asc(dashboards.id),
      ),
    linksOfUser(db, userId),
  ]);
  const sources = new Map<number, { id: number; name: string }[]>();
  for (const link of links) {
    const list = sources.get(link.dashboardId) ?? [];
    list.push({ id: link.organizationId, name: link.organizationName });
    sources.set(link.dashboardId, list);
  }
  return rows.map((row) => ({ ...row, organizations: sources.get(row.id) ?? [] }));
}

/**
 * The organizations the user belongs to, the active ones first, by name: the portal's header shows the active ones'
 * names and logos, and says when every one of them was paused (issue 26).
 */
export function organizationsOfUser(db: Database, userId: number) {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      logoUrl: organizations.logoUrl,
      isActive: organizations.isActive,
    })
    .from(organizations)
    .innerJoin(memberships, eq(memberships.organizationId, organizations.id))
    .where(eq(memberships.userId, userId))
    .orderBy(desc(organizations.isActive), asc(organizations.name), asc(organizations.id));
}

/** Stars the dashboard for the user; a second star (a double click, two tabs) changes nothing. */
export async function addFavourite(db: Database, userId: number, dashboardId: number) {
  await db.insert(dashboardFavourites).values({ userId, dashboardId }).onConflictDoNothing();
}

export async function removeFavourite(db: Database, userId: number, dashboardId: number) {
  await db
    .delete(dashboardFavourites)
    .where(and(eq(dashboardFavourites.userId, userId), eq(dashboardFavourites.dashboardId, dashboardId)));
}
