// Long file: every query of Looker Studio sharing, shared by the API and the workers (one home, decision 024).
import type { Database, Transaction } from '@app/db';
import {
  auditLog,
  dashboards,
  embedConnections,
  lookerSharing,
  memberships,
  organizationDashboards,
  organizations,
  users,
} from '@app/db/schema';
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';

/**
 * The queries of Looker Studio sharing (issue 28, D36), shared by the API (save, sync route, the admin's view) and
 * the workers (the jobs that keep each report's VIEWERs in step).
 */

type Db = Database | Transaction;

/** One Looker Studio report of one connection: what a sharing job is about. */
export interface SharedAsset {
  connectionId: number;
  assetName: string;
}

export type SharingRow = typeof lookerSharing.$inferSelect;

const assetNameOf = sql<string>`${dashboards.embedTarget}->>'assetName'`;
const lookerDashboards = eq(dashboards.embedMode, 'lookerstudio');

/**
 * Who should be a VIEWER of the report: for each dashboard showing it, each active organization linked to it gives
 * `group:<its Google group>` when it names one, else `user:<Google account>` of each of its active members (the
 * dashboard-access rule of D10, with deactivated people left out).
 */
export async function desiredMembers(db: Db, asset: SharedAsset): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({
      member: sql<string>`case when ${organizations.googleGroup} is not null then 'group:' || lower(${organizations.googleGroup})
        else 'user:' || lower(coalesce(${users.googleAccount}, ${users.email})) end`,
    })
    .from(dashboards)
    .innerJoin(organizationDashboards, eq(organizationDashboards.dashboardId, dashboards.id))
    .innerJoin(
      organizations,
      and(eq(organizations.id, organizationDashboards.organizationId), eq(organizations.isActive, true)),
    )
    .leftJoin(memberships, eq(memberships.organizationId, organizations.id))
    .leftJoin(users, and(eq(users.id, memberships.userId), eq(users.isActive, true)))
    .where(
      and(
        lookerDashboards,
        eq(dashboards.connectionId, asset.connectionId),
        eq(assetNameOf, asset.assetName),
        or(isNotNull(organizations.googleGroup), isNotNull(users.id)),
      ),
    );
  return new Set(rows.map((row) => row.member));
}

/** The reports of the given dashboards now, and those whose sharing rows still name them (`assets` of the past). */
export async function assetsOfDashboards(db: Db, dashboardIds: number[]): Promise<SharedAsset[]> {
  if (!dashboardIds.length) return [];
  const rows = await db
    .select({ connectionId: dashboards.connectionId, assetName: assetNameOf })
    .from(dashboards)
    .where(and(lookerDashboards, inArray(dashboards.id, dashboardIds), isNotNull(dashboards.connectionId)));
  return unique(rows);
}

/** The reports of every Looker Studio dashboard linked to one of the organizations. */
export async function assetsOfOrganizations(db: Db, organizationIds: number[]): Promise<SharedAsset[]> {
  if (!organizationIds.length) return [];
  const rows = await db
    .select({ connectionId: dashboards.connectionId, assetName: assetNameOf })
    .from(dashboards)
    .innerJoin(organizationDashboards, eq(organizationDashboards.dashboardId, dashboards.id))
    .where(
      and(
        lookerDashboards,
        inArray(organizationDashboards.organizationId, organizationIds),
        isNotNull(dashboards.connectionId),
      ),
    );
  return unique(rows);
}

/**
 * Every report to reconcile (of one connection, or all): those of Looker Studio dashboards and those with a sharing
 * row (a dashboard deleted or switched away whose grants are still to be taken back).
 */
export async function assetsToReconcile(db: Db, connectionId?: number): Promise<SharedAsset[]> {
  const [shown, kept] = await Promise.all([
    db
      .select({ connectionId: dashboards.connectionId, assetName: assetNameOf })
      .from(dashboards)
      .where(
        and(
          lookerDashboards,
          connectionId === undefined ? isNotNull(dashboards.connectionId) : eq(dashboards.connectionId, connectionId),
        ),
      ),
    db
      .select({ connectionId: lookerSharing.connectionId, assetName: lookerSharing.assetName })
      .from(lookerSharing)
      .where(connectionId === undefined ? undefined : eq(lookerSharing.connectionId, connectionId)),
  ]);
  return unique([...shown, ...kept]);
}

function unique(rows: { connectionId: number | null; assetName: string | null }[]): SharedAsset[] {
  const seen = new Map<string, SharedAsset>();
  for (const { connectionId, assetName } of rows)
    if (connectionId !== null && assetName) seen.set(`${connectionId}|${assetName}`, { connectionId, assetName });
  return [...seen.values()];
}

/** The dashboards showing the report (for the sync's report: their names). */
export async function dashboardsShowing(db: Db, asset: SharedAsset) {
  return db
    .select({ id: dashboards.id, name: dashboards.name })
    .from(dashboards)
    .where(and(lookerDashboards, eq(dashboards.connectionId, asset.connectionId), eq(assetNameOf, asset.assetName)))
    .orderBy(dashboards.id);
}

export async function findSharing(db: Db, asset: SharedAsset): Promise<SharingRow | null> {
  const [row] = await db
    .select()
    .from(lookerSharing)
    .where(and(eq(lookerSharing.connectionId, asset.connectionId), eq(lookerSharing.assetName, asset.assetName)));
  return row ?? null;
}

/** The sharing rows of several reports of one or more connections (the admin's dashboard list). */
export async function sharingOf(db: Db, assets: SharedAsset[]): Promise<SharingRow[]> {
  if (!assets.length) return [];
  return db
    .select()
    .from(lookerSharing)
    .where(
      or(
        ...assets.map((a) =>
          and(eq(lookerSharing.connectionId, a.connectionId), eq(lookerSharing.assetName, a.assetName)),
        ),
      ),
    );
}

/**
 * Marks reports as waiting for a sync (a change that concerns them was made): 'pending' unless already failing (the
 * error stays visible), out of step since now unless already.
 */
export async function markPending(db: Db, assets: SharedAsset[]) {
  for (const asset of assets)
    await db
      .insert(lookerSharing)
      .values({ ...asset, state: 'pending', outOfStepSince: sql`now()` })
      .onConflictDoUpdate({
        target: [lookerSharing.connectionId, lookerSharing.assetName],
        set: {
          state: sql`case when ${lookerSharing.state} = 'failing' then 'failing' else 'pending' end`,
          outOfStepSince: sql`coalesce(${lookerSharing.outOfStepSince}, now())`,
          updatedAt: sql`now()`,
        },
      });
}

/** What a sync found: in step (with the members granted now), or failing with why. */
export async function saveSharing(
  db: Db,
  asset: SharedAsset,
  outcome:
    | { state: 'in-step'; granted: Record<string, string | null>; at: Date; keep: boolean }
    | { state: 'failing'; error: string; at: Date },
) {
  if (outcome.state === 'in-step' && !outcome.keep) {
    await db
      .delete(lookerSharing)
      .where(and(eq(lookerSharing.connectionId, asset.connectionId), eq(lookerSharing.assetName, asset.assetName)));
    return;
  }
  const values =
    outcome.state === 'in-step'
      ? {
          state: 'in-step',
          granted: outcome.granted,
          linkSharingOff: true,
          lastSyncedAt: outcome.at,
          error: null,
          outOfStepSince: null,
          updatedAt: outcome.at,
        }
      : {
          state: 'failing',
          error: outcome.error.slice(0, 1000),
          outOfStepSince: sql`coalesce(${lookerSharing.outOfStepSince}, ${outcome.at.toISOString()}::timestamptz)`,
          updatedAt: outcome.at,
        };
  await db
    .insert(lookerSharing)
    .values({
      ...asset,
      ...(outcome.state === 'in-step'
        ? values
        : { state: 'failing', error: outcome.error.slice(0, 1000), outOfStepSince: outcome.at }),
    } as typeof lookerSharing.$inferInsert)
    .onConflictDoUpdate({ target: [lookerSharing.connectionId, lookerSharing.assetName], set: values });
}

/** How many reports are out of step and since when the oldest is (the metric and its alert). */
export async function outOfStep(db: Db): Promise<{ count: number; oldestSeconds: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      oldest: sql<number>`coalesce(extract(epoch from now() - min(${lookerSharing.outOfStepSince})), 0)::float8`,
    })
    .from(lookerSharing)
    .where(sql`${lookerSharing.state} <> 'in-step'`);
  return { count: row?.count ?? 0, oldestSeconds: row?.oldest ?? 0 };
}

/** The stored connection (its sealed key included: for opening in memory, never for an answer). */
export async function findEmbedConnection(db: Db, id: number) {
  const [row] = await db.select().from(embedConnections).where(eq(embedConnections.id, id));
  return row ?? null;
}

export async function recordConnectionSync(
  db: Db,
  id: number,
  lastSync: { at: string; added: number; removed: number; unexpected: number; error: string | null },
) {
  await db.update(embedConnections).set({ lastSync }).where(eq(embedConnections.id, id));
}

/**
 * The nightly reconcile's audit entry for one connection (issue 28: the reconcile is audited, as "Sync now" is): no
 * person acted, so no actor; what it added and removed, and every member it did not expect (the first 50), under the
 * connection's name as the audit list shows targets.
 */
export async function auditReconcile(
  db: Db,
  connectionId: number,
  summary: { at: string; added: number; removed: number; error: string | null; unexpectedMembers: unknown[] },
) {
  const [connection] = await db
    .select({ name: embedConnections.name })
    .from(embedConnections)
    .where(eq(embedConnections.id, connectionId));
  await db.insert(auditLog).values({
    actorId: null,
    actorEmail: null,
    action: 'connection.reconcile',
    targetType: 'connection',
    targetId: String(connectionId),
    changes: {
      ...summary,
      unexpected: summary.unexpectedMembers.length,
      unexpectedMembers: summary.unexpectedMembers.slice(0, 50),
      ...(connection ? { targetName: connection.name } : {}),
    },
  });
}

/**
 * Runs `work` holding a PostgreSQL advisory lock of the report, shared by every API and worker process: two syncs of
 * one report never run at once (the etag guards against anyone else). Released when `work` ends or the process dies.
 */
export async function withAssetLock<T>(db: Database, asset: SharedAsset, work: () => Promise<T>): Promise<T> {
  let result: T | undefined;
  await db.$client.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${0x6c6f6f6b}::int4, hashtext(${`${asset.connectionId}|${asset.assetName}`}))`;
    result = await work();
  });
  return result as T;
}

/**
 * Whether Looker Studio sharing is in use at all: some dashboard in `lookerstudio` mode, or some report whose grants
 * are still to be taken back. Until then no access change writes a sharing event.
 */
export async function lookerStudioInUse(db: Db): Promise<boolean> {
  const [row] = await db
    .select({
      used: sql<boolean>`exists (select 1 from ${dashboards} where ${dashboards.embedMode} = 'lookerstudio')
        or exists (select 1 from ${lookerSharing})`,
    })
    .from(sql`(select 1) as one`);
  return row?.used === true;
}

/** The organizations a person belongs to (what their change concerns). */
export async function organizationIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: memberships.organizationId })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  return rows.map((row) => row.id);
}

/** The reports whose sharing is not in step (pending or failing): what the retry sweep takes up again. */
export async function sharingBehind(db: Db): Promise<SharedAsset[]> {
  return db
    .select({ connectionId: lookerSharing.connectionId, assetName: lookerSharing.assetName })
    .from(lookerSharing)
    .where(sql`${lookerSharing.state} <> 'in-step'`);
}
