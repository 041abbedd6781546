import type { OrganizationDashboardLink } from '@app/contracts';
import type { Database, Transaction } from '@app/db';
import { deleteRow, insertIfAbsent } from '@app/db/queries/association-rows';
import * as schema from '@app/db/schema';
import { and, asc, eq } from 'drizzle-orm';

const { organizations, dashboards, organizationDashboards } = schema;

type Db = Database | Transaction;

/** Which organization sees which dashboard; one link when both are given. */
export async function listLinks(db: Db, only?: { organizationId: number; dashboardId: number }) {
  const rows: OrganizationDashboardLink[] = await db
    .select({
      organizationId: organizations.id,
      organizationName: organizations.name,
      dashboardId: dashboards.id,
      dashboardName: dashboards.name,
      dashboardCategory: dashboards.category,
      dashboardType: dashboards.type,
    })
    .from(organizationDashboards)
    .innerJoin(organizations, eq(organizations.id, organizationDashboards.organizationId))
    .innerJoin(dashboards, eq(dashboards.id, organizationDashboards.dashboardId))
    .where(
      only
        ? and(
            eq(organizationDashboards.organizationId, only.organizationId),
            eq(organizationDashboards.dashboardId, only.dashboardId),
          )
        : undefined,
    )
    .orderBy(asc(organizations.name), asc(dashboards.name));
  return rows;
}

/** False when the dashboard already is linked to the organization. */
export const insertLink = (db: Db, organizationId: number, dashboardId: number) =>
  insertIfAbsent(db, organizationDashboards, { organizationId, dashboardId });

/** Removes one link; returns the names of both sides, or null when there was no such link. */
export async function deleteLink(db: Db, organizationId: number, dashboardId: number) {
  if (!(await deleteRow(db, organizationDashboards, { organizationId, dashboardId }))) return null;
  const [names] = await db
    .select({ organizationName: organizations.name, dashboardName: dashboards.name })
    .from(organizations)
    .innerJoin(dashboards, eq(dashboards.id, dashboardId))
    .where(eq(organizations.id, organizationId));
  return names ?? null;
}
