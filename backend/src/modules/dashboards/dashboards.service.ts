import type { ClientDashboard, DashboardDetail } from '@app/contracts';
import type { Database } from '@app/db';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/http-error';
import { probeEmbedUrl } from '../admin/embed-url';
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

/** D33: a person's views of one dashboard closer together than this count once. */
export const VIEW_DEDUP_WINDOW_MS = 5 * 60_000;

/**
 * D10: an admin reads any dashboard, a member of an active organization linked to it reads it, anyone reads a public
 * one; everyone else gets 404, never 403, so nothing tells them it exists.
 */
async function readableDashboard(deps: DashboardsDeps, id: number, viewer: Viewer | null) {
  const dashboard = await repo.findDashboard(deps.db, id);
  const allowed =
    dashboard &&
    (dashboard.isPublic || viewer?.isAdmin || (viewer && (await repo.isLinkedToUser(deps.db, id, viewer.id))));
  if (!dashboard || !allowed) throw notFound('Dashboard not found');
  return dashboard;
}

/**
 * The dashboard (D10). Reading it records nothing: the SPA reads it to preload a page the person may never open
 * (D33); the viewer records the view once it is shown (`recordDashboardView`).
 */
export async function viewDashboard(deps: DashboardsDeps, id: number, viewer: Viewer | null): Promise<DashboardDetail> {
  const dashboard = await readableDashboard(deps, id, viewer);
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

/**
 * D19/D33: the signed-in viewer was shown the dashboard. Recorded at most once per person and dashboard within
 * VIEW_DEDUP_WINDOW_MS, also under parallel requests; `recorded` says whether this call added the view.
 */
export async function recordDashboardView(
  deps: DashboardsDeps,
  id: number,
  viewer: Viewer,
): Promise<{ recorded: boolean }> {
  await readableDashboard(deps, id, viewer);
  const recorded = await repo.recordViewOnce(deps.db, id, viewer.id, deps.clock.now(), VIEW_DEDUP_WINDOW_MS);
  return { recorded };
}

export type EmbedStatus = 'reachable' | 'unreachable' | 'unknown';

/** How long the server keeps what it learnt about an embed URL. */
const EMBED_STATUS_TTL_MS = 60_000;
const EMBED_STATUS_MAX_ENTRIES = 1000;
const embedStatuses = new Map<string, { at: number; status: Promise<EmbedStatus> }>();

/**
 * What the server can tell the viewer about a frame's URL (issue 12, item 3): a frame that fails at network level still
 * fires 'load', so the browser cannot tell. 'unreachable' only when the host refused the connection or offered an
 * invalid certificate: a browser would fail the same way. A host the server cannot resolve or that does not answer
 * in time is 'unknown' (the server's network may differ from the clients': split DNS, a firewall, an offline server).
 * Probed at most once a minute per URL and process, so viewers cannot make the server a request amplifier.
 */
export async function dashboardEmbedStatus(
  deps: DashboardsDeps,
  id: number,
  viewer: Viewer | null,
): Promise<{ status: EmbedStatus }> {
  const { embedUrl } = await readableDashboard(deps, id, viewer);
  if (!embedUrl.startsWith('https://')) return { status: 'unreachable' }; // D18: the viewer refuses it anyway
  const now = Date.now();
  let entry = embedStatuses.get(embedUrl);
  if (!entry || now - entry.at > EMBED_STATUS_TTL_MS) {
    if (embedStatuses.size >= EMBED_STATUS_MAX_ENTRIES) embedStatuses.clear();
    const status = probeEmbedUrl(embedUrl).then((probe): EmbedStatus => {
      if (probe.outcome === 'answered') return 'reachable';
      return probe.outcome === 'refused' || probe.outcome === 'tls' ? 'unreachable' : 'unknown';
    });
    entry = { at: now, status };
    embedStatuses.set(embedUrl, entry);
  }
  return { status: await entry.status };
}
