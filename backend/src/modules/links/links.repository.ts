import type { LinkListQuery, OrganizationDashboardLink } from '@app/contracts';
import type { Database, Transaction } from '@app/db';
import { deleteRow, insertIfAbsent } from '@app/db/queries/association-rows';
import { withLinkParts } from '@app/db/queries/joins';
import { allOf, containsAny, equalsIf, orderOf, type Page, paged, type SortSpec } from '@app/db/queries/list-query';
import * as schema from '@app/db/schema';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import { embedModeOf } from '../dashboards';

const { organizations, dashboards, organizationDashboards } = schema;

type Db = Database | Transaction;

const linkColumns = {
  organizationId: organizations.id,
  organizationName: organizations.name,
  dashboardId: dashboards.id,
  dashboardName: dashboards.name,
  dashboardCategory: dashboards.category,
  dashboardType: dashboards.type,
  dashboardEmbedMode: dashboards.embedMode,
  dataScope: organizationDashboards.dataScope,
};

const linkSort: SortSpec<NonNullable<LinkListQuery['sort']>> = {
  by: {
    organizationName: sql`lower(${organizations.name})`,
    dashboardName: sql`lower(${dashboards.name})`,
    dashboardCategory: sql`lower(${dashboards.category})`,
    dashboardType: sql`lower(${dashboards.type})`,
  },
  fallback: [sql`lower(${organizations.name})`, sql`lower(${dashboards.name})`],
  // A link is its pair of ids.
  tieBreak: [organizationDashboards.organizationId, organizationDashboards.dashboardId],
};

const linkFilter = (query: LinkListQuery) =>
  allOf(
    containsAny([organizations.name, dashboards.name], query.q),
    equalsIf(organizationDashboards.organizationId, query.organization),
    equalsIf(organizationDashboards.dashboardId, query.dashboard),
    equalsIf(dashboards.category, query.category),
    equalsIf(dashboards.type, query.type),
  );

const joined = (db: Db, where: SQL | undefined) =>
  withLinkParts(db.select(linkColumns).from(organizationDashboards).$dynamic()).where(where).$dynamic();

const linkView = (row: Awaited<ReturnType<typeof joined>>[number]): OrganizationDashboardLink => ({
  ...row,
  dashboardEmbedMode: embedModeOf({ embedMode: row.dashboardEmbedMode }),
});

/** Which organization sees which dashboard: one page (or all), filtered and sorted. */
export async function listLinkPage(db: Db, query: LinkListQuery, page: Page | null) {
  const rows = await paged(joined(db, linkFilter(query)).orderBy(...orderOf(linkSort, query)), page);
  return rows.map(linkView);
}

/** How many links the list's filters keep. */
export async function countLinks(db: Db, query: LinkListQuery) {
  const [row] = await withLinkParts(db.select({ n: count() }).from(organizationDashboards).$dynamic()).where(
    linkFilter(query),
  );
  return row?.n ?? 0;
}

/** The link of this organization and dashboard, as the list shows it. */
export async function findLink(db: Db, organizationId: number, dashboardId: number) {
  const [row] = await joined(
    db,
    and(eq(organizationDashboards.organizationId, organizationId), eq(organizationDashboards.dashboardId, dashboardId)),
  );
  return row ? linkView(row) : undefined;
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
  const [before] = await withLinkParts(
    db
      .select({
        dataScope: organizationDashboards.dataScope,
        organizationName: organizations.name,
        dashboardName: dashboards.name,
        embedMode: dashboards.embedMode,
      })
      .from(organizationDashboards)
      .$dynamic(),
  )
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
