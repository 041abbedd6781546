import type { OrganizationDashboardLink } from '@app/contracts';
import type { Database, Transaction } from '@app/db';
import { deleteRow, insertIfAbsent } from '@app/db/queries/association-rows';
import * as schema from '@app/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import { embedModeOf } from '../dashboards/dashboards.repository';

const { organizations, dashboards, organizationDashboards } = schema;

type Db = Database | Transaction;

/** Which organization sees which dashboard; one link when both are given. */
export async function listLinks(
  db: Db,
  only?: { organizationId: number; dashboardId: number },
): Promise<OrganizationDashboardLink[]> {
  const rows = await db
    .select({
      organizationId: organizations.id,
      organizationName: organizations.name,
      dashboardId: dashboards.id,
      dashboardName: dashboards.name,
      dashboardCategory: dashboards.category,
      dashboardType: dashboards.type,
      dashboardEmbedMode: dashboards.embedMode,
      dataScope: organizationDashboards.dataScope,
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
  return rows.map((row) => ({ ...row, dashboardEmbedMode: embedModeOf({ embedMode: row.dashboardEmbedMode }) }));
}

type DataScope = Record<string, unknown> | null;

/** False when the dashboard already is linked to the organization. */
export const insertLink = (db: Db, organizationId: number, dashboardId: number, dataScope: DataScope) =>
  insertIfAbsent(db, organizationDashboards, { organizationId, dashboardId, dataScope });

const linkKey = (organizationId: number, dashboardId: number) =>
  and(eq(organizationDashboards.organizationId, organizationId), eq(organizationDashboards.dashboardId, dashboardId));

/**
 * A link's data scope (issue 14), both names and the dashboard's embed mode, or null when there is no such link. The
 * link's row stays locked until the transaction ends, so parallel changes of its scope are made one after the other.
 */
export async function lockLink(db: Transaction, organizationId: number, dashboardId: number) {
  const [before] = await db
    .select({
      dataScope: organizationDashboards.dataScope,
      organizationName: organizations.name,
      dashboardName: dashboards.name,
      embedMode: dashboards.embedMode,
    })
    .from(organizationDashboards)
    .innerJoin(organizations, eq(organizations.id, organizationDashboards.organizationId))
    .innerJoin(dashboards, eq(dashboards.id, organizationDashboards.dashboardId))
    .where(linkKey(organizationId, dashboardId))
    .for('update', { of: organizationDashboards });
  return before ? { ...before, embedMode: embedModeOf(before) } : null;
}

export async function setLinkScope(db: Transaction, organizationId: number, dashboardId: number, dataScope: DataScope) {
  await db.update(organizationDashboards).set({ dataScope }).where(linkKey(organizationId, dashboardId));
}

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
