// Long file: every query of the dashboards module (public, client and admin lists, access, views, Looker Studio sharing state).
import { type AdminDashboard, type DashboardSharing, type EmbedMode, isPublicShareLink } from '@app/contracts';
import type { Database, Transaction } from '@app/db';
import { updateEdited } from '@app/db/queries/edited-rows';
import { withLinkMembers } from '@app/db/queries/joins';
import * as schema from '@app/db/schema';
import { type SharingRow, sharingOf } from '@app/platform/lookerstudio/sharing.repository';
import { and, asc, count, desc, eq, gt, inArray, max, sql } from 'drizzle-orm';

const {
  dashboards,
  organizationDashboards,
  organizations,
  memberships,
  dashboardViews,
  embedConnections,
  dashboardTargetProblems,
} = schema;

type Db = Database | Transaction;
export type DashboardRow = typeof dashboards.$inferSelect;

/** The embed mode of a row (an unknown value, which no route writes, reads as 'url'). */
export const embedModeOf = (row: Pick<DashboardRow, 'embedMode'>): EmbedMode =>
  row.embedMode === 'powerbi' ||
  row.embedMode === 'tableau' ||
  row.embedMode === 'metabase' ||
  row.embedMode === 'lookerstudio'
    ? row.embedMode
    : 'url';

/**
 * A dashboard as the API shows it (no timestamps). The token modes have no embed URL (issue 14); a Looker Studio
 * report is framed by its embed URL (issue 28).
 */
export const dashboardFields = (row: DashboardRow) => {
  const embedMode = embedModeOf(row);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    type: row.type,
    embedMode,
    embedUrl: embedMode === 'url' || embedMode === 'lookerstudio' ? row.embedUrl : '',
    thumbnailUrl: row.thumbnailUrl,
    isPublic: row.isPublic,
  };
};

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * Its connection and the provider's report, view or dashboard, each null when not of its mode; and whether its URL is
 * a public share link (anyone who has the address sees the data).
 */
const embedSetup = (row: DashboardRow, sharing: SharingRow | undefined) => {
  const mode = embedModeOf(row);
  const target = row.embedTarget ?? {};
  const dashboardId = target.metabaseDashboardId;
  const looker = mode === 'lookerstudio';
  return {
    connectionId: mode === 'url' ? null : row.connectionId,
    workspaceId: mode === 'powerbi' ? text(target.workspaceId) : null,
    reportId: mode === 'powerbi' ? text(target.reportId) : null,
    viewUrl: mode === 'tableau' ? text(target.viewUrl) : null,
    metabaseDashboardId: mode === 'metabase' && typeof dashboardId === 'number' ? dashboardId : null,
    assetName: looker ? text(target.assetName) : null,
    sharing: looker ? sharingView(sharing) : null,
    // A Looker Studio report is open to anyone with its link until link sharing is known to be off (issue 28).
    publicShareLink: mode === 'url' ? isPublicShareLink(row.embedUrl) : looker && !sharing?.linkSharingOff,
  };
};

/** A report's sharing as the admin sees it; none recorded yet: waiting for its first sync. */
const sharingView = (row: SharingRow | undefined): DashboardSharing => ({
  state: row?.state === 'in-step' || row?.state === 'failing' ? row.state : 'pending',
  lastSyncedAt: row?.lastSyncedAt?.toISOString() ?? null,
  error: row?.error ?? null,
  linkSharingOff: row?.linkSharingOff ?? false,
});

const sharedAssetOf = (row: DashboardRow) => {
  const assetName = row.embedTarget?.assetName;
  return embedModeOf(row) === 'lookerstudio' && row.connectionId !== null && typeof assetName === 'string'
    ? { connectionId: row.connectionId, assetName }
    : null;
};

/** The sharing row of a Looker Studio dashboard's report (none for other modes or before its first change). */
export async function sharingOfDashboard(db: Db, row: DashboardRow) {
  const asset = sharedAssetOf(row);
  return asset ? ((await sharingOf(db, [asset]))[0] ?? null) : null;
}

/** The Google account the person's Looker Studio access is granted to (issue 28). */
export async function googleAccountOfUser(db: Db, userId: number) {
  const [row] = await db
    .select({ email: schema.users.email, googleAccount: schema.users.googleAccount })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  return row ? (row.googleAccount ?? row.email).toLowerCase() : null;
}

/** The columns of a dashboard as the public list shows it; the other lists show more (contracts' PublicDashboard). */
const listed = { id: dashboards.id, name: dashboards.name, category: dashboards.category, type: dashboards.type };

export function listPublicDashboards(db: Database) {
  return db.select(listed).from(dashboards).where(eq(dashboards.isPublic, true)).orderBy(asc(dashboards.id));
}

export async function findDashboard(db: Database, id: number) {
  const [row] = await db.select().from(dashboards).where(eq(dashboards.id, id));
  return row ?? null;
}

/** The provider of a connection, or null when there is no such connection. */
export async function connectionProvider(db: Db, id: number, lock = false) {
  const query = db
    .select({ provider: embedConnections.provider })
    .from(embedConnections)
    .where(eq(embedConnections.id, id));
  // FOR SHARE inside a dashboard's write: the connection's provider cannot change (nor the row go) until it commits.
  const [row] = lock ? await query.for('share') : await query;
  return row?.provider ?? null;
}

/**
 * The active organizations linked to the dashboard, by name, with each link's data scope and whether the user is a
 * member (issue 14: whose view an embed token carries). `membersOnly`: only those the user belongs to.
 */
export async function linkedOrganizations(db: Database, dashboardId: number, userId: number, membersOnly: boolean) {
  const member = sql<boolean>`exists (select 1 from ${memberships} where ${memberships.organizationId} = ${organizations.id} and ${memberships.userId} = ${userId})`;
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      dataScope: organizationDashboards.dataScope,
      member,
    })
    .from(organizationDashboards)
    .innerJoin(organizations, eq(organizations.id, organizationDashboards.organizationId))
    .where(
      and(
        eq(organizationDashboards.dashboardId, dashboardId),
        eq(organizations.isActive, true),
        membersOnly ? member : undefined,
      ),
    )
    .orderBy(asc(organizations.name), asc(organizations.id));
}

export async function isLinkedToUser(db: Database, dashboardId: number, userId: number) {
  const [row] = await withLinkMembers(
    db.select({ id: organizationDashboards.dashboardId }).from(organizationDashboards).$dynamic(),
  )
    .where(
      and(
        eq(organizationDashboards.dashboardId, dashboardId),
        eq(memberships.userId, userId),
        eq(organizations.isActive, true),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Records that the user viewed the dashboard at `at`, unless they already did within `windowMs` before it (D33).
 * Parallel calls for the same user and dashboard wait for each other on a transaction-scoped advisory lock, so the
 * check and the insert are one step: twenty parallel calls give one row. A failed load followed by one that loaded
 * ('Try again') is one view that loaded (D37). Returns whether a view was added or became one that loaded.
 */
export async function recordViewOnce(
  db: Database,
  view: { dashboardId: number; userId: number; byAdmin: boolean; loaded: boolean },
  at: Date,
  windowMs: number,
): Promise<boolean> {
  const { dashboardId, userId } = view;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`dashboard-view:${dashboardId}:${userId}`}, 0))`,
    );
    const [recent] = await tx
      .select({ id: dashboardViews.id, loaded: dashboardViews.loaded })
      .from(dashboardViews)
      .where(
        and(
          eq(dashboardViews.userId, userId),
          eq(dashboardViews.dashboardId, dashboardId),
          gt(dashboardViews.viewedAt, new Date(at.getTime() - windowMs)),
        ),
      )
      .orderBy(desc(dashboardViews.viewedAt))
      .limit(1);
    if (recent) {
      if (recent.loaded || !view.loaded) return false;
      // The roll-ups' update trigger counts it now (migration 0022).
      await tx.update(dashboardViews).set({ loaded: true }).where(eq(dashboardViews.id, recent.id));
      return true;
    }
    await tx.insert(dashboardViews).values({ ...view, viewedAt: at });
    return true;
  });
}

// The administration's side (D18, D19)

/** Every dashboard (or those of `ids`) with its view count and last view, by name. */
export async function listDashboards(db: Db, ids?: number[]): Promise<AdminDashboard[]> {
  const rows = await db
    .select()
    .from(dashboards)
    .where(ids ? inArray(dashboards.id, ids) : undefined)
    .orderBy(asc(dashboards.name), asc(dashboards.id));
  return withViews(db, rows);
}

/**
 * The rows as the administration shows them, with each one's view count and last view by clients (D19, D37), counted for these
 * dashboards only: an index-only scan of theirs, never an aggregate of every view (decision 038).
 */
export async function withViews(db: Db, rows: DashboardRow[]): Promise<AdminDashboard[]> {
  if (!rows.length) return [];
  const views = await db
    .select({
      dashboardId: dashboardViews.dashboardId,
      viewCount: count(),
      lastViewedAt: max(dashboardViews.viewedAt),
    })
    .from(dashboardViews)
    .where(
      and(
        inArray(
          dashboardViews.dashboardId,
          rows.map((row) => row.id),
        ),
        // Clients' views that loaded (D37): the team's previews are not a dashboard's use.
        eq(dashboardViews.clientUsage, true),
      ),
    )
    .groupBy(dashboardViews.dashboardId);
  const byDashboard = new Map(views.map((view) => [view.dashboardId, view]));
  const assets = rows.map(sharedAssetOf).filter((asset) => asset !== null);
  const sharing = new Map((await sharingOf(db, assets)).map((row) => [`${row.connectionId}|${row.assetName}`, row]));
  const problems = await targetProblems(db, rows);
  return rows.map((dashboard) => {
    const view = byDashboard.get(dashboard.id);
    const asset = sharedAssetOf(dashboard);
    const problem = problems.get(dashboard.id);
    return {
      ...dashboardFields(dashboard),
      ...embedSetup(dashboard, asset ? sharing.get(`${asset.connectionId}|${asset.assetName}`) : undefined),
      ...(problem ? { targetProblem: problem } : {}),
      viewCount: Number(view?.viewCount ?? 0),
      lastViewedAt: view?.lastViewedAt ? new Date(view.lastViewedAt).toISOString() : null,
    };
  });
}

/** What the nightly Power BI check found wrong with these dashboards' reports (issue 29), by dashboard. */
async function targetProblems(db: Db, rows: DashboardRow[]) {
  const powerBi = rows.filter((row) => row.embedMode === 'powerbi').map((row) => row.id);
  if (!powerBi.length) return new Map<number, string>();
  const found = await db
    .select()
    .from(dashboardTargetProblems)
    .where(inArray(dashboardTargetProblems.dashboardId, powerBi));
  return new Map(found.map((row) => [row.dashboardId, row.problem]));
}

export async function insertDashboard(db: Db, values: typeof dashboards.$inferInsert) {
  const [row] = await db.insert(dashboards).values(values).returning({ id: dashboards.id });
  return row!.id;
}

export async function updateDashboard(db: Db, id: number, values: Partial<typeof dashboards.$inferInsert>) {
  return (await updateEdited(db, dashboards, id, values))?.id ?? null;
}

/** Its links to organizations and its views go with it (foreign keys cascade). */
export async function deleteDashboard(db: Db, id: number) {
  const [row] = await db
    .delete(dashboards)
    .where(eq(dashboards.id, id))
    .returning({ id: dashboards.id, name: dashboards.name });
  return row ?? null;
}
