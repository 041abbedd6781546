import type { ClientDashboard, DashboardDetail, DashboardValues, EmbedStatus } from '@app/contracts';
import type { Database } from '@app/db';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/http-error';
import { type Actor, changed, withAudit } from '../audit/with-audit';
import * as repo from './dashboards.repository';
import { embedUrlWarning, normalizeEmbedUrl, normalizeImageUrl, probeEmbedUrl } from './embed-url';
import type { PublicDashboardsCache } from './public-dashboards.cache';

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
const VIEW_DEDUP_WINDOW_MS = 5 * 60_000;

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
  return repo.dashboardDetail(await readableDashboard(deps, id, viewer));
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

// The administration's side: every change is audited (D21) and refreshes the cached public list.

/** Admin changes to dashboards refresh the cached public list. */
export interface DashboardAdminDeps {
  db: Database;
  publicDashboards: PublicDashboardsCache;
}

const dashboardValues = (input: DashboardValues) => ({
  name: input.name,
  description: input.description?.trim() || null,
  category: input.category!,
  type: input.type!,
  embedUrl: normalizeEmbedUrl(input.embedUrl ?? ''),
  thumbnailUrl: normalizeImageUrl(input.thumbnailUrl, 'thumbnailUrl'),
  isPublic: input.isPublic ?? false,
});

/** The saved dashboard, with what its embed URL's host answered (never fails the save). */
async function saved(deps: DashboardAdminDeps, id: number, probe: ReturnType<typeof probeEmbedUrl>) {
  deps.publicDashboards.invalidate();
  return { ...(await repo.listDashboards(deps.db, [id]))[0]!, embedUrlWarning: embedUrlWarning(await probe) };
}

export async function createDashboard(deps: DashboardAdminDeps, actor: Actor, input: DashboardValues) {
  const values = dashboardValues(input);
  const probe = probeEmbedUrl(values.embedUrl); // in parallel with the write; never fails the save
  const id = await withAudit(deps.db, actor, async (tx) => {
    const id = await repo.insertDashboard(tx, values);
    const target = { targetType: 'dashboard', targetId: id, targetName: values.name };
    return { action: 'dashboard.create', ...target, changes: values, result: id };
  });
  return saved(deps, id, probe);
}

export async function updateDashboard(deps: DashboardAdminDeps, actor: Actor, id: number, input: DashboardValues) {
  const values = dashboardValues(input);
  const probe = probeEmbedUrl(values.embedUrl); // in parallel with the write; never fails the save
  await withAudit(deps.db, actor, async (tx) => {
    const [before] = await repo.listDashboards(tx, [id]);
    if (!before) throw notFound('Dashboard not found');
    await repo.updateDashboard(tx, id, values);
    const target = { targetType: 'dashboard', targetId: id, targetName: values.name };
    return { action: 'dashboard.update', ...target, changes: changed(before, values) };
  });
  return saved(deps, id, probe);
}

export async function deleteDashboard(deps: DashboardAdminDeps, actor: Actor, id: number) {
  await withAudit(deps.db, actor, async (tx) => {
    const deleted = await repo.deleteDashboard(tx, id);
    if (!deleted) throw notFound('Dashboard not found');
    const target = { targetType: 'dashboard', targetId: id, targetName: deleted.name };
    return { action: 'dashboard.delete', ...target, changes: { name: deleted.name } };
  });
  deps.publicDashboards.invalidate();
}
