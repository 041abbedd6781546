import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../client';

/** A table whose rows an administrator or their owner edits: a numeric id and the time of the last change. */
type EditedTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

/**
 * Changes the row with this id and stamps `updatedAt` now, the same way for every edited table (users, leads,
 * organizations, dashboards, case studies, embed connections): the row as it now is, or null when there is none.
 */
export async function updateEdited<T extends EditedTable>(
  db: Database | Transaction,
  table: T,
  id: number,
  values: Partial<T['$inferInsert']>,
): Promise<T['$inferSelect'] | null> {
  const [row] = (await db
    .update(table)
    .set({ ...values, updatedAt: new Date() } as PgUpdateSetSource<T>)
    .where(eq(table.id, id))
    .returning()) as T['$inferSelect'][];
  return row ?? null;
}
