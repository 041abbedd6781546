import type { ClientDashboard, PortalOrganization } from '@app/contracts';
import { type DashboardsDeps, readableDashboard, type Viewer } from './dashboard-access';
import * as repo from './portal.repository';

/** The client portal (issue 18): the person's dashboards, their organizations, and their stars. */

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

export async function dashboardsOfUser(deps: Pick<DashboardsDeps, 'db'>, userId: number): Promise<ClientDashboard[]> {
  const rows = await repo.listDashboardsOfUser(deps.db, userId);
  return rows.map((row) => ({ ...row, isFavourite: Boolean(row.isFavourite), lastViewedAt: iso(row.lastViewedAt) }));
}

/** The header's organizations. Logos were checked when saved (https or a site path, D18); anything else shows none. */
export async function organizationsOfUser(
  deps: Pick<DashboardsDeps, 'db'>,
  userId: number,
): Promise<PortalOrganization[]> {
  const rows = await repo.organizationsOfUser(deps.db, userId);
  return rows.map((row) => ({ ...row, logoUrl: safeImageUrl(row.logoUrl) }));
}

const safeImageUrl = (value: string | null) =>
  value && (value.startsWith('https://') || (value.startsWith('/') && !value.startsWith('//'))) ? value : null;

/**
 * Stars or unstars a dashboard for the person. Only a dashboard they may read (D10: 404 otherwise, nothing tells
 * them it exists). Idempotent: parallel clicks end in the state of the method, never in an error.
 */
export async function setFavourite(
  deps: Pick<DashboardsDeps, 'db'>,
  viewer: Viewer,
  dashboardId: number,
  favourite: boolean,
) {
  await readableDashboard(deps, dashboardId, viewer);
  if (favourite) await repo.addFavourite(deps.db, viewer.id, dashboardId);
  else await repo.removeFavourite(deps.db, viewer.id, dashboardId);
  return { dashboardId, isFavourite: favourite };
}
