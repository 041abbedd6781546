import type { EventPayload, EventType } from '@app/contracts';
import type { Database, Transaction } from '@app/db';
import { schema } from '@app/db';
import { inArray, sql } from 'drizzle-orm';

const { outboxEvents } = schema;

/** Writes a domain event inside the caller's transaction. */
export async function insertEvent<T extends EventType>(
  tx: Transaction | Database,
  type: T,
  payload: EventPayload<T>,
  requestId?: string,
) {
  const [row] = await tx
    .insert(outboxEvents)
    .values({ type, payload: payload as Record<string, unknown>, requestId })
    .returning({ id: outboxEvents.id, type: outboxEvents.type });
  if (!row) throw new Error('Could not write the domain event');
  return row;
}

export async function markPublished(db: Database, eventIds: string[]) {
  if (eventIds.length === 0) return;
  await db.update(outboxEvents).set({ publishedAt: sql`now()` }).where(inArray(outboxEvents.id, eventIds));
}

export async function recordPublishFailure(db: Database, eventIds: string[], error: string) {
  if (eventIds.length === 0) return;
  await db
    .update(outboxEvents)
    .set({ publishAttempts: sql`${outboxEvents.publishAttempts} + 1`, lastError: error.slice(0, 500) })
    .where(inArray(outboxEvents.id, eventIds));
}
