import type { Database } from '@app/db';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/http-error';
import { findDashboard, isLinkedToUser } from './dashboards.repository';

/**
 * Who may read a dashboard (D10), in one place: this module's routes and the embed token's (issue 14, at each
 * renewal) ask the same question the same way.
 */

export interface DashboardsDeps {
  db: Database;
  clock: Clock;
}

export interface Viewer {
  id: number;
  isAdmin: boolean;
}

/**
 * D10: an admin reads any dashboard, a member of an active organization linked to it reads it, anyone reads a public
 * one; everyone else gets 404, never 403, so nothing tells them it exists.
 */
export async function readableDashboard(deps: Pick<DashboardsDeps, 'db'>, id: number, viewer: Viewer | null) {
  const dashboard = await findDashboard(deps.db, id);
  const allowed =
    dashboard && (dashboard.isPublic || viewer?.isAdmin || (viewer && (await isLinkedToUser(deps.db, id, viewer.id))));
  if (!dashboard || !allowed) throw notFound('Dashboard not found');
  return dashboard;
}
