import type { Database } from '@app/db';
import { schema } from '@app/db';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';

const { outboxEvents } = schema;

export async function findEvent(db: Database, eventId: string) {
  const [row] = await db.select().from(outboxEvents).where(eq(outboxEvents.id, eventId));
  return row ?? null;
}

/** Events the API committed but could not publish, oldest first. */
export async function findUnpublishedEvents(db: Database, olderThan: Date, limit: number) {
  return db
    .select({ id: outboxEvents.id, type: outboxEvents.type })
    .from(outboxEvents)
    .where(and(isNull(outboxEvents.publishedAt), lt(outboxEvents.createdAt, olderThan)))
    .orderBy(asc(outboxEvents.createdAt))
    .limit(limit);
}

export async function markEventPublished(db: Database, eventId: string) {
  await db.update(outboxEvents).set({ publishedAt: sql`now()` }).where(eq(outboxEvents.id, eventId));
}
