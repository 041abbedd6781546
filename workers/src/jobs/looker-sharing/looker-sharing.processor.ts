import {
  type EventPayload,
  EventPayloadSchemas,
  type EventType,
  EventTypes,
  type LookerSharingJob,
  LookerSharingJobNames,
  lookerSharingJobId,
} from '@app/contracts/server';
import type { Database } from '@app/db';
import type { Logger } from '@app/platform/logger';
import { LookerStudioError } from '@app/platform/lookerstudio/http';
import {
  assetsOfDashboards,
  assetsOfOrganizations,
  assetsToReconcile,
  auditReconcile,
  markPending,
  recordConnectionSync,
  type SharedAsset,
  sharingBehind,
} from '@app/platform/lookerstudio/sharing.repository';
import { type SharingDeps, syncAsset } from '@app/platform/lookerstudio/sync';
import type { Job, JobsOptions, Queue } from 'bullmq';
import * as v from 'valibot';

/**
 * Looker Studio sharing in the workers (issue 28, D36). A change of who may see a Looker Studio dashboard (a domain
 * event) names the reports it concerns; each is marked pending and gets a job that brings it in step (sync.ts: under
 * the report's lock, with the permissions' etag, idempotent). A job that fails is retried with backoff and its report
 * stays 'failing' (visible to the admin, counted by the metric the alert watches); the retry sweep and the nightly
 * reconcile take up every report not in step again, so a failed revoke is tried until it succeeds.
 */

export interface LookerSharingDeps extends SharingDeps {
  queue: Queue<LookerSharingJob>;
  jobOptions: JobsOptions;
  logger: Logger;
}

/** The reports of what a payload names: a dashboard, an organization, or a person's organizations. */
const ofDashboard = (db: Database, { dashboardId }: { dashboardId: number }) => assetsOfDashboards(db, [dashboardId]);
const ofOrganization = (db: Database, { organizationId }: { organizationId: number }) =>
  assetsOfOrganizations(db, [organizationId]);
const ofOrganizations = (db: Database, { organizationIds }: { organizationIds: number[] }) =>
  assetsOfOrganizations(db, organizationIds);
/** A dashboard's embed changed or it is gone: its reports now, and the report it embedded before, if any. */
const ofDashboardAndPrevious = async (db: Database, payload: EventPayload<typeof EventTypes.dashboardDeleted>) => [
  ...(await ofDashboard(db, payload)),
  ...(payload.previous ? [payload.previous] : []),
];

/** How each sharing event names the reports it concerns, from its payload. */
const assetReaders: { [T in EventType]?: (db: Database, payload: EventPayload<T>) => Promise<SharedAsset[]> } = {
  [EventTypes.dashboardLinkCreated]: ofDashboard,
  [EventTypes.dashboardLinkDeleted]: ofDashboard,
  [EventTypes.organizationMemberAdded]: ofOrganization,
  [EventTypes.organizationMemberRemoved]: ofOrganization,
  [EventTypes.organizationDeactivated]: ofOrganization,
  [EventTypes.organizationReactivated]: ofOrganization,
  [EventTypes.organizationGoogleGroupChanged]: ofOrganization,
  [EventTypes.userDeactivated]: ofOrganizations,
  [EventTypes.userReactivated]: ofOrganizations,
  [EventTypes.userErased]: ofOrganizations,
  [EventTypes.userEmailChanged]: ofOrganizations,
  [EventTypes.userGoogleAccountChanged]: ofOrganizations,
  [EventTypes.dashboardEmbedChanged]: ofDashboardAndPrevious,
  [EventTypes.dashboardDeleted]: ofDashboardAndPrevious,
};

/** The reports a sharing event concerns (none for other events). */
export async function assetsOfEvent<T extends EventType>(
  db: Database,
  type: T,
  payload: unknown,
): Promise<SharedAsset[]> {
  // Own keys only: a type named like an Object member ('constructor', 'toString') is no sharing event either.
  const read = Object.hasOwn(assetReaders, type) ? assetReaders[type] : undefined;
  return read ? read(db, v.parse(EventPayloadSchemas[type], payload)) : [];
}

/** Fans a sharing event out: its reports marked pending, one job each (ids from the event: a retry adds nothing). */
export async function queueSharingJobs(deps: LookerSharingDeps, eventId: string, assets: SharedAsset[]) {
  if (!assets.length) return 0;
  await markPending(deps.db, assets);
  await deps.queue.addBulk(
    assets.map((asset) => ({
      name: LookerSharingJobNames.syncAsset,
      data: asset,
      opts: { ...deps.jobOptions, jobId: lookerSharingJobId(eventId, asset.connectionId, asset.assetName) },
    })),
  );
  return assets.length;
}

export async function processLookerSharing(job: Job<LookerSharingJob>, deps: LookerSharingDeps) {
  if (job.name === LookerSharingJobNames.syncAsset && 'assetName' in job.data) {
    const result = await syncAsset(deps, job.data);
    if (result.added.length || result.removed.length || result.unexpected.length)
      deps.logger.info(
        {
          connectionId: job.data.connectionId,
          assetName: job.data.assetName,
          added: result.added.length,
          removed: result.removed.length,
          unexpected: result.unexpected.map((u) => u.member),
        },
        'looker studio sharing brought in step',
      );
    return { added: result.added.length, removed: result.removed.length, unexpected: result.unexpected.length };
  }
  // The reconcile: every report (nightly), or those not in step (the retry sweep); each as its own job, run now.
  const onlyOutOfStep = 'onlyOutOfStep' in job.data && job.data.onlyOutOfStep === true;
  const assets = onlyOutOfStep ? await sharingBehind(deps.db) : await assetsToReconcile(deps.db);
  const runId = `${onlyOutOfStep ? 'retry' : 'reconcile'}-${job.id ?? Date.now()}`.replaceAll(':', '-');
  if (!onlyOutOfStep) await nightlyTotals(deps, assets);
  else await queueSharingJobs(deps, runId, assets);
  return { assets: assets.length };
}

/**
 * The nightly reconcile: each report synced here (one after the other), its counts added up per connection and kept as
 * the connection's last sync, which the Connections tab shows; a report that fails also gets a retried job.
 */
async function nightlyTotals(deps: LookerSharingDeps, assets: SharedAsset[]) {
  const totals = new Map<
    number,
    { added: number; removed: number; unexpected: number; error: string | null; members: unknown[] }
  >();
  const failed: SharedAsset[] = [];
  for (const asset of assets) {
    const total = totals.get(asset.connectionId) ?? { added: 0, removed: 0, unexpected: 0, error: null, members: [] };
    totals.set(asset.connectionId, total);
    try {
      const result = await syncAsset(deps, asset);
      total.added += result.added.length;
      total.removed += result.removed.length;
      total.unexpected += result.unexpected.length;
      const dashboard = result.dashboards[0];
      for (const { member, role } of result.unexpected)
        total.members.push({ assetName: asset.assetName, dashboardId: dashboard?.id ?? null, member, role });
      if (result.unexpected.length)
        deps.logger.warn(
          { connectionId: asset.connectionId, assetName: asset.assetName, members: result.unexpected },
          'looker studio report shared with members nobody expected',
        );
    } catch (error) {
      if (!(error instanceof LookerStudioError)) throw error;
      total.error ??= error.message;
      failed.push(asset);
    }
  }
  const at = new Date(deps.google.now()).toISOString();
  for (const [connectionId, { members, ...total }] of totals) {
    await recordConnectionSync(deps.db, connectionId, { at, ...total });
    await auditReconcile(deps.db, connectionId, {
      at,
      added: total.added,
      removed: total.removed,
      error: total.error,
      unexpectedMembers: members,
    });
  }
  await queueSharingJobs(deps, `nightly-${at.replaceAll(':', '-')}`, failed);
}
