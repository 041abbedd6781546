import { and, eq, getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../client';

/**
 * The rows that join two things (a dashboard to an organization, a user to an organization): each is added once and
 * removed by the pair it joins, the same way for every such table (undoing a link, issue 12 item 13).
 */

type Db = Database | Transaction;

/** Adds the row unless the table's unique key has it already: whether it was added. */
export async function insertIfAbsent<T extends PgTable>(db: Db, table: T, values: T['$inferInsert']) {
  const rows = await db.insert(table).values(values).onConflictDoNothing().returning();
  return rows.length > 0;
}

/** Deletes the row whose columns have these values: the row as it was, or null when there was none. */
export async function deleteRow<T extends PgTable>(db: Db, table: T, key: Partial<T['$inferSelect']>) {
  const columns: Record<string, Parameters<typeof eq>[0]> = getTableColumns(table);
  const matches = Object.entries(key).map(([name, value]) => eq(columns[name]!, value));
  const [row] = await db
    .delete(table)
    .where(and(...matches))
    .returning();
  return (row as T['$inferSelect'] | undefined) ?? null;
}
