import {
  AdminMessages,
  type DashboardDetail,
  type DashboardValues,
  type EmbedStatus,
  type RecordView,
} from '@app/contracts';
import { memberKey } from '@app/platform/lookerstudio/plan';
import type { PublicDashboardsCache } from '../../deps';
import type { ApiConfig } from '../../env';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { notFound, unprocessable } from '../../lib/http-error';
import { type Actor, changed, withAudit } from '../audit';
import { recordSharingEvent } from '../embedding';
import { type DashboardsDeps, readableDashboard, type Viewer } from './dashboard-access';
import * as repo from './dashboards.repository';
import { type EmbedSetupDeps, embedColumns, embedFields, embedWarning, keepConnection } from './embed-setup';
import { normalizeImageUrl, probeEmbedUrl } from './embed-url';

/** D33: a person's views of one dashboard closer together than this count once. */
const VIEW_DEDUP_WINDOW_MS = 5 * 60_000;

/**
 * The dashboard (D10). Reading it records nothing: the SPA reads it to preload a page the person may never open
 * (D33); the viewer records the view once it is shown (`recordDashboardView`).
 */
export async function viewDashboard(deps: DashboardsDeps, id: number, viewer: Viewer | null): Promise<DashboardDetail> {
  const dashboard = await readableDashboard(deps, id, viewer);
  return { ...repo.dashboardFields(dashboard), lookerStudio: await lookerStudioViewer(deps, dashboard, viewer) };
}

/**
 * A Looker Studio dashboard (issue 28): the Google account the report is shared with for this person, and when it was
 * granted; no account for an admin who sees it only as a preview (not through an organization) or for anyone else.
 */
async function lookerStudioViewer(deps: DashboardsDeps, dashboard: repo.DashboardRow, viewer: Viewer | null) {
  if (repo.embedModeOf(dashboard) !== 'lookerstudio') return null;
  if (!viewer || !(await repo.isLinkedToUser(deps.db, dashboard.id, viewer.id)))
    return { googleAccount: null, grantedAt: null };
  const [googleAccount, sharing] = await Promise.all([
    repo.googleAccountOfUser(deps.db, viewer.id),
    repo.sharingOfDashboard(deps.db, dashboard),
  ]);
  return { googleAccount, grantedAt: (googleAccount && sharing?.granted[memberKey(`user:${googleAccount}`)]) || null };
}

/**
 * D19/D33/D37: the signed-in viewer was shown the dashboard, and it loaded or failed to. Recorded at most once per
 * person and dashboard within VIEW_DEDUP_WINDOW_MS, also under parallel requests; `recorded` says whether this call
 * added the view (or turned a failed load into one that loaded). An administrator's view is a preview: recorded,
 * and listed apart from clients' usage.
 */
export async function recordDashboardView(
  deps: DashboardsDeps,
  id: number,
  viewer: Viewer,
  outcome: RecordView,
): Promise<{ recorded: boolean }> {
  await readableDashboard(deps, id, viewer);
  const view = { dashboardId: id, userId: viewer.id, byAdmin: viewer.isAdmin, loaded: outcome.loaded };
  const recorded = await repo.recordViewOnce(deps.db, view, deps.clock.now(), VIEW_DEDUP_WINDOW_MS);
  return { recorded };
}

/** How long the server keeps what it learnt about an embed URL. */
const EMBED_STATUS_TTL_MS = 60_000;
const EMBED_STATUS_MAX_ENTRIES = 1000;
const embedStatuses = new Map<string, { at: number; status: Promise<EmbedStatus> }>();

/**
 * What the server can tell the viewer about a frame's URL (issue 12, item 3): a frame that fails at network level still
 * fires 'load', so the browser cannot tell. 'unreachable' when the server asked and got no answer (refused, TLS
 * failure, no answer in time: one word for all, so a closed port and an open one look alike, D35). 'unknown' when the
 * server did not ask: the host does not resolve from the server or is not a public address (decision 040: the check
 * never targets those; the clients' network may still reach it). Probed at most once a minute per URL and process, so
 * viewers cannot make the server a request amplifier.
 */
export async function dashboardEmbedStatus(
  deps: DashboardsDeps & { config: Pick<ApiConfig, 'OUTBOUND_ALLOW_HOSTS'> },
  id: number,
  viewer: Viewer | null,
): Promise<{ status: EmbedStatus }> {
  const dashboard = await readableDashboard(deps, id, viewer);
  // Token modes have no URL to probe: the embed token's own route says what the provider answered (issue 14).
  if (repo.embedModeOf(dashboard) !== 'url') return { status: 'reachable' };
  const { embedUrl } = dashboard;
  if (!embedUrl.startsWith('https://')) return { status: 'unreachable' }; // D18: the viewer refuses it anyway
  const now = Date.now();
  let entry = embedStatuses.get(embedUrl);
  if (!entry || now - entry.at > EMBED_STATUS_TTL_MS) {
    if (embedStatuses.size >= EMBED_STATUS_MAX_ENTRIES) embedStatuses.clear();
    const status = probeEmbedUrl(embedUrl, deps.config.OUTBOUND_ALLOW_HOSTS).then(
      (probe): EmbedStatus =>
        probe.outcome === 'answered' ? 'reachable' : probe.outcome === 'unreachable' ? 'unreachable' : 'unknown',
    );
    entry = { at: now, status };
    embedStatuses.set(embedUrl, entry);
  }
  return { status: await entry.status };
}

// The administration's side: every change is audited (D21) and refreshes the cached public list.

/** Admin changes to dashboards refresh the cached public list; token modes are checked with their provider. */
export interface DashboardAdminDeps extends EmbedSetupDeps {
  publicDashboards: PublicDashboardsCache;
}

/** The row's values, and the same as the administration lists them (what the audit log records and compares). */
function dashboardValues(input: DashboardValues) {
  const embed = embedColumns(input);
  const common = {
    name: input.name,
    description: input.description?.trim() || null,
    category: input.category!,
    type: input.type!,
    thumbnailUrl: normalizeImageUrl(input.thumbnailUrl, 'thumbnailUrl'),
    isPublic: input.isPublic ?? false,
  };
  return { row: { ...common, ...embed }, audited: { ...common, ...embedFields(embed) } };
}

/** The saved dashboard, with what its embed URL's host or its provider answered (never fails the save). */
async function saved(deps: DashboardAdminDeps, id: number, warning: Promise<string | null>) {
  deps.publicDashboards.invalidate();
  return { ...(await repo.listDashboards(deps.db, [id]))[0]!, embedUrlWarning: await warning };
}

/**
 * The write of a dashboard in a token mode, its connection deleted since it was checked (the foreign key refuses the
 * row): 422 as for an unknown connection, not a 500.
 */
async function connectionKept<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    const message = AdminMessages.unknownConnection;
    throw unprocessable(message, [{ path: 'connectionId', message }]);
  }
}

/** The Looker Studio report a dashboard shows, as a sharing event names it. */
const sharedReport = (dashboard: { embedMode: string; connectionId: number | null; assetName: string | null }) =>
  dashboard.embedMode === 'lookerstudio' && dashboard.connectionId !== null && dashboard.assetName
    ? { connectionId: dashboard.connectionId, assetName: dashboard.assetName }
    : null;

export async function createDashboard(deps: DashboardAdminDeps, actor: Actor, input: DashboardValues) {
  const { row, audited } = dashboardValues(input);
  const { warning } = await embedWarning(deps, row); // 422 for a bad connection; then in parallel with the write
  const id = await connectionKept(
    withAudit(deps.db, actor, async (tx) => {
      await keepConnection(tx, row);
      const id = await repo.insertDashboard(tx, row);
      // A Looker Studio report is shared with the organizations linked to it and its link sharing turned off (issue 28).
      if (row.embedMode === 'lookerstudio')
        await recordSharingEvent(tx, 'dashboard.embed_changed', { dashboardId: id, previous: null });
      const target = { targetType: 'dashboard', targetId: id, targetName: row.name };
      return { action: 'dashboard.create', ...target, changes: audited, result: id };
    }),
  );
  return saved(deps, id, warning);
}

export async function updateDashboard(deps: DashboardAdminDeps, actor: Actor, id: number, input: DashboardValues) {
  const { row, audited } = dashboardValues(input);
  const { warning } = await embedWarning(deps, row); // 422 for a bad connection; then in parallel with the write
  await connectionKept(
    withAudit(deps.db, actor, async (tx) => {
      const [before] = await repo.listDashboards(tx, [id]);
      if (!before) throw notFound('Dashboard not found');
      await keepConnection(tx, row);
      await repo.updateDashboard(tx, id, row);
      // Saved in Looker Studio mode, or switched away from it: its report's (and its former report's) sharing follows.
      if (row.embedMode === 'lookerstudio' || before.embedMode === 'lookerstudio')
        await recordSharingEvent(tx, 'dashboard.embed_changed', { dashboardId: id, previous: sharedReport(before) });
      const target = { targetType: 'dashboard', targetId: id, targetName: row.name };
      return { action: 'dashboard.update', ...target, changes: changed(before, audited) };
    }),
  );
  return saved(deps, id, warning);
}

export async function deleteDashboard(deps: DashboardAdminDeps, actor: Actor, id: number) {
  await withAudit(deps.db, actor, async (tx) => {
    const [before] = await repo.listDashboards(tx, [id]);
    const deleted = await repo.deleteDashboard(tx, id);
    if (!deleted) throw notFound('Dashboard not found');
    // Whoever its report was shared with through it loses it (issue 28).
    if (before?.embedMode === 'lookerstudio')
      await recordSharingEvent(tx, 'dashboard.deleted', { dashboardId: id, previous: sharedReport(before) });
    const target = { targetType: 'dashboard', targetId: id, targetName: deleted.name };
    return { action: 'dashboard.delete', ...target, changes: { name: deleted.name } };
  });
  deps.publicDashboards.invalidate();
}
