import type { ClientDashboard, DashboardDetail } from '@app/contracts';
import type { Database } from '@app/db';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/http-error';
import * as repo from './dashboards.repository';

export interface DashboardsDeps {
  db: Database;
  clock: Clock;
}

export interface Viewer {
  id: number;
  isAdmin: boolean;
}

export async function dashboardsOfUser(deps: DashboardsDeps, userId: number): Promise<ClientDashboard[]> {
  const rows = await repo.listDashboardsOfUser(deps.db, userId);
  return rows.map((row) => ({
    ...row,
    lastViewedAt: row.lastViewedAt ? new Date(row.lastViewedAt).toISOString() : null,
  }));
}

/**
 * D10: an admin reads any dashboard, a member of an active organization linked to it reads it, anyone reads a public
 * one; everyone else gets 404, never 403, so nothing tells them it exists. Every read is recorded as a view (D19).
 */
export async function viewDashboard(deps: DashboardsDeps, id: number, viewer: Viewer | null): Promise<DashboardDetail> {
  const dashboard = await repo.findDashboard(deps.db, id);
  const allowed =
    dashboard &&
    (dashboard.isPublic || viewer?.isAdmin || (viewer && (await repo.isLinkedToUser(deps.db, id, viewer.id))));
  if (!dashboard || !allowed) throw notFound('Dashboard not found');
  await repo.recordView(deps.db, id, viewer?.id ?? null, deps.clock.now());
  return {
    id: dashboard.id,
    name: dashboard.name,
    description: dashboard.description,
    category: dashboard.category,
    type: dashboard.type,
    embedUrl: dashboard.embedUrl,
    thumbnailUrl: dashboard.thumbnailUrl,
    isPublic: dashboard.isPublic,
  };
}
