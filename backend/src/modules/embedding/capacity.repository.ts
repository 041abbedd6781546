import type { Transaction } from '@app/db';
import { powerbiCapacities } from '@app/db/schema';
import { eq, sql } from 'drizzle-orm';

/** The admin's writes of a Power BI connection's capacity (issue 29); the reads are platform/src/powerbi's. */

type CapacitySettings = Omit<
  typeof powerbiCapacities.$inferInsert,
  'connectionId' | 'createdAt' | 'updatedAt' | 'lastViewerAt' | 'heldUntil' | 'lastState' | 'checkedAt' | 'lastError'
>;

/** Names (or renames) the capacity: what the product last saw of the former one is forgotten. */
export async function upsertCapacity(tx: Transaction, connectionId: number, settings: CapacitySettings) {
  await tx
    .insert(powerbiCapacities)
    .values({ connectionId, ...settings })
    .onConflictDoUpdate({
      target: powerbiCapacities.connectionId,
      set: {
        ...settings,
        updatedAt: sql`now()`,
        lastError: null,
        lastState: null,
        checkedAt: null,
        resumeRequestedAt: null,
      },
    });
}

export async function deleteCapacity(tx: Transaction, connectionId: number) {
  const [removed] = await tx
    .delete(powerbiCapacities)
    .where(eq(powerbiCapacities.connectionId, connectionId))
    .returning();
  return removed ?? null;
}
