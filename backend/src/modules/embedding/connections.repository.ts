import type { ConnectionTest, EmbedConnection, EmbedProvider } from '@app/contracts';
import type { Database, Transaction } from '@app/db';
import { updateEdited } from '@app/db/queries/edited-rows';
import * as schema from '@app/db/schema';
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';

const { embedConnections, dashboards } = schema;

type Db = Database | Transaction;

export type ConnectionRow = typeof embedConnections.$inferSelect;

/** What `secret` holds between the insert and the seal, inside the one transaction that makes a connection. */
const PENDING_SECRET = 'v1.pending';

const setting = (row: ConnectionRow, key: string) => {
  const value = row.settings[key];
  return typeof value === 'string' ? value : null;
};

/** A connection as the administration sees it: its settings, never its secret. */
export const connectionView = (row: ConnectionRow, dashboardCount: number): EmbedConnection => ({
  id: row.id,
  name: row.name,
  provider: row.provider as EmbedProvider,
  tenantId: setting(row, 'tenantId'),
  clientId: setting(row, 'clientId'),
  siteUrl: setting(row, 'siteUrl'),
  siteName: setting(row, 'siteName'),
  secretId: setting(row, 'secretId'),
  delegatedUser: setting(row, 'delegatedUser'),
  serviceAccountEmail: setting(row, 'serviceAccountEmail'),
  ownsSharing: row.settings.ownsSharing === 'true',
  lastSync: row.lastSync ?? null,
  lastCheck: row.lastCheck ?? null,
  dashboardCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const dashboardCounts = (db: Db) =>
  db
    .select({ connectionId: dashboards.connectionId, count: count().as('dashboard_count') })
    .from(dashboards)
    .where(isNotNull(dashboards.connectionId))
    .groupBy(dashboards.connectionId)
    .as('dashboard_counts');

/** Every connection by name, with how many dashboards use each; one when `id` is given. */
export async function listConnections(db: Db, id?: number): Promise<EmbedConnection[]> {
  const counts = dashboardCounts(db);
  const rows = await db
    .select({ row: embedConnections, count: sql<number>`coalesce(${counts.count}, 0)::int` })
    .from(embedConnections)
    .leftJoin(counts, eq(counts.connectionId, embedConnections.id))
    .where(id === undefined ? undefined : eq(embedConnections.id, id))
    .orderBy(asc(embedConnections.name), asc(embedConnections.id));
  return rows.map(({ row, count }) => connectionView(row, count));
}

/** The stored row (sealed secret included: for the service, never for an answer), or null. */
export async function findConnectionRow(db: Db, id: number): Promise<ConnectionRow | null> {
  const [row] = await db.select().from(embedConnections).where(eq(embedConnections.id, id));
  return row ?? null;
}

/** The same, its row locked until the transaction ends (changes of one connection are made one after the other). */
export async function lockConnectionRow(tx: Transaction, id: number): Promise<ConnectionRow | null> {
  const [row] = await tx.select().from(embedConnections).where(eq(embedConnections.id, id)).for('update');
  return row ?? null;
}

/**
 * Makes a connection whose secret is sealed by `seal(id)` (the sealing binds the row's id, known only once inserted):
 * inserted, then sealed, in the caller's transaction. Throws PostgreSQL's unique violation for a name taken.
 */
export async function insertConnection(
  tx: Transaction,
  values: { name: string; provider: EmbedProvider; settings: Record<string, string> },
  seal: (id: number) => string,
): Promise<ConnectionRow> {
  const [inserted] = await tx
    .insert(embedConnections)
    .values({ ...values, secret: PENDING_SECRET })
    .returning({ id: embedConnections.id });
  const id = inserted!.id;
  const [row] = await tx
    .update(embedConnections)
    .set({ secret: seal(id) })
    .where(eq(embedConnections.id, id))
    .returning();
  return row!;
}

export async function updateConnection(
  tx: Transaction,
  id: number,
  values: { name: string; provider: EmbedProvider; settings: Record<string, string>; secret: string },
): Promise<ConnectionRow | null> {
  return updateEdited(tx, embedConnections, id, values);
}

/** Keeps what testing the connection found, and when (issue 27): its Status after a reload. */
/**
 * Keeps a test's result on its connection, unless a test that finished later is already kept: two tests at once
 * (two admins, a save and a click) may write in either order, and the Status shows the newest.
 */
export async function recordConnectionCheck(db: Db, id: number, check: ConnectionTest, checkedAt: Date) {
  const at = checkedAt.toISOString();
  await db
    .update(embedConnections)
    .set({ lastCheck: { ok: check.ok, message: check.message, checkedAt: at } })
    .where(
      and(
        eq(embedConnections.id, id),
        sql`(${embedConnections.lastCheck} is null or (${embedConnections.lastCheck}->>'checkedAt')::timestamptz <= ${at}::timestamptz)`,
      ),
    );
}

/** Removes a connection; null when there is none. Throws PostgreSQL's FK violation while a dashboard uses it. */
export async function deleteConnection(tx: Transaction, id: number): Promise<ConnectionRow | null> {
  const [row] = await tx.delete(embedConnections).where(eq(embedConnections.id, id)).returning();
  return row ?? null;
}

/** How many dashboards mint with the connection. */
export async function countDashboardsUsing(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ count: count() }).from(dashboards).where(eq(dashboards.connectionId, id));
  return row?.count ?? 0;
}

/** The Metabase dashboard id of one dashboard using the connection (what "Test connection" signs a token for). */
export async function metabaseDashboardIdUsing(db: Db, id: number): Promise<number | undefined> {
  const rows = await db
    .select({ target: dashboards.embedTarget })
    .from(dashboards)
    .where(and(eq(dashboards.connectionId, id), eq(dashboards.embedMode, 'metabase')))
    .orderBy(asc(dashboards.id))
    .limit(5);
  for (const { target } of rows) {
    const value = Number(target?.metabaseDashboardId);
    if (Number.isSafeInteger(value) && value > 0) return value;
  }
  return undefined;
}
