import type { Database } from '@app/db';
import { capacityPauses, embedConnections, powerbiCapacities } from '@app/db/schema';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';

/** The queries of a self-pausing Power BI capacity (issue 29), shared by the API and the workers (decision 024). */

export type CapacityRow = typeof powerbiCapacities.$inferSelect;
type CapacityChange = Partial<Omit<typeof powerbiCapacities.$inferInsert, 'connectionId'>>;

/** The `lock class` of the two-int advisory lock of a capacity: "pbic". */
const LOCK_CLASS = 0x70626963;

/** The capacity and its connection (sealed secret included: for opening in memory), or null. */
export async function findCapacityWithConnection(db: Database, connectionId: number) {
  const [found] = await db
    .select({ capacity: powerbiCapacities, connection: embedConnections })
    .from(powerbiCapacities)
    .innerJoin(embedConnections, eq(embedConnections.id, powerbiCapacities.connectionId))
    .where(eq(powerbiCapacities.connectionId, connectionId));
  return found ?? null;
}

export async function findCapacityRow(db: Database, connectionId: number): Promise<CapacityRow | null> {
  const [row] = await db.select().from(powerbiCapacities).where(eq(powerbiCapacities.connectionId, connectionId));
  return row ?? null;
}

export async function updateCapacity(db: Database, connectionId: number, change: CapacityChange) {
  await db.update(powerbiCapacities).set(change).where(eq(powerbiCapacities.connectionId, connectionId));
}

/** An export keeps the capacity on until `until` (never shortened by another, shorter hold). */
export async function holdCapacityUntil(db: Database, connectionId: number, until: Date) {
  await db
    .update(powerbiCapacities)
    .set({ heldUntil: sql`greatest(${powerbiCapacities.heldUntil}, ${until.toISOString()}::timestamptz)` })
    .where(eq(powerbiCapacities.connectionId, connectionId));
}

/** Opens a pause in the ledger. */
export async function openPause(db: Database, connectionId: number, at: Date) {
  await db.insert(capacityPauses).values({ connectionId, pausedAt: at });
}

/** Closes the pause the ledger has open (the capacity is resumed, or asked to be). */
export async function closePause(db: Database, connectionId: number, at: Date) {
  await db
    .update(capacityPauses)
    .set({ resumedAt: at })
    .where(and(eq(capacityPauses.connectionId, connectionId), isNull(capacityPauses.resumedAt)));
}

/** The capacities the round visits. */
export async function capacityConnectionIds(db: Database): Promise<number[]> {
  const rows = await db.select({ id: powerbiCapacities.connectionId }).from(powerbiCapacities);
  return rows.map((row) => row.id);
}

/** Hours the capacity was paused by the product within [from, to) (an open pause counts until `to`). */
export async function pausedHours(db: Database, connectionId: number, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({
      seconds: sql<string>`coalesce(sum(extract(epoch from (
        least(coalesce(${capacityPauses.resumedAt}, now()), ${to.toISOString()}::timestamptz)
        - greatest(${capacityPauses.pausedAt}, ${from.toISOString()}::timestamptz)
      ))), 0)`,
    })
    .from(capacityPauses)
    .where(
      and(
        eq(capacityPauses.connectionId, connectionId),
        lt(capacityPauses.pausedAt, to),
        or(isNull(capacityPauses.resumedAt), gt(capacityPauses.resumedAt, from)),
      ),
    );
  return Math.max(0, Number(row?.seconds ?? 0)) / 3600;
}

/**
 * `work` under the capacity's advisory lock when no one else holds it (true), else nothing (false): a transition in
 * progress elsewhere is never waited for nor repeated. The lock lasts as long as the transaction holding it.
 */
export async function underCapacityLock(db: Database, connectionId: number, work: () => Promise<void>) {
  let taken = false;
  await db.$client.begin(async (tx) => {
    const [row] = await tx`select pg_try_advisory_xact_lock(${LOCK_CLASS}::int4, ${connectionId}::int4) as taken`;
    taken = row?.taken === true;
    if (taken) await work();
  });
  return taken;
}
