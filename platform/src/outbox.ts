import type { EventPayload, EventType } from '@app/contracts/server';
import type { Database, Transaction } from '@app/db';
import * as schema from '@app/db/schema';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type postgres from 'postgres';

const { outboxEvents } = schema;

/**
 * The transactional outbox (decision 003): the only module that writes `outbox_events`, for the API (events written
 * with their change, published, failures counted) and the workers (the sweeper marks what it republished).
 */

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

/**
 * Writes an event under an id the caller derived from what it is about (a scheduled report's month and recipient):
 * a second writer of the same event, another worker process or a retried job, writes nothing. Returns whether this
 * call wrote it.
 */
export async function insertEventOnce<T extends EventType>(
  db: Transaction | Database,
  id: string,
  type: T,
  payload: EventPayload<T>,
) {
  const rows = await db
    .insert(outboxEvents)
    .values({ id, type, payload: payload as Record<string, unknown> })
    .onConflictDoNothing()
    .returning({ id: outboxEvents.id });
  return rows.length > 0;
}

/**
 * The same INSERT as SQL, for one statement that writes rows and their events together (one round trip, one commit;
 * see `insertContactMessagesWithEvents`): `rows` selects `payload` (jsonb) and `request_id` (text) for each event of
 * `type`; it returns each event's `id` and `payload`. A postgres.js fragment: the statement stays one prepared text.
 */
export const insertEventsFrom = (
  sqlClient: postgres.Sql,
  type: EventType,
  rows: postgres.PendingQuery<postgres.Row[]>,
) =>
  sqlClient`
    insert into outbox_events (type, payload, request_id)
    select ${type}::text, e.payload, e.request_id from (${rows}) as e
    returning id, payload`;

export async function markPublished(db: Database, eventIds: string[]) {
  if (eventIds.length === 0) return;
  await db.update(outboxEvents).set({ publishedAt: sql`now()` }).where(inArray(outboxEvents.id, eventIds));
}

/** The worker has fanned the event out: the reconcile leaves it alone from now on (decision 047). */
export async function markProcessed(db: Database, eventId: string) {
  await db
    .update(outboxEvents)
    .set({ processedAt: sql`now()` })
    .where(and(eq(outboxEvents.id, eventId), isNull(outboxEvents.processedAt)));
}

/**
 * Events published before `publishedBefore` that no worker has processed, oldest first: their jobs were lost (a Redis
 * that lost acknowledged writes) or are still waiting behind a long queue (publishing them again then adds nothing).
 */
export async function findUnprocessedEvents(db: Database, publishedBefore: Date, limit: number) {
  return oldestEvents(db, outboxEvents.processedAt, outboxEvents.publishedAt, publishedBefore, limit);
}

/** Events whose `pending` time is not set yet and whose `since` time is before `before`, by `since`, oldest first. */
function oldestEvents(db: Database, pending: PgColumn, since: PgColumn, before: Date, limit: number) {
  return db
    .select({ id: outboxEvents.id, type: outboxEvents.type })
    .from(outboxEvents)
    .where(and(isNull(pending), lt(since, before)))
    .orderBy(asc(since))
    .limit(limit);
}

export async function recordPublishFailure(db: Database, eventIds: string[], error: string) {
  if (eventIds.length === 0) return;
  await db
    .update(outboxEvents)
    .set({ publishAttempts: sql`${outboxEvents.publishAttempts} + 1`, lastError: error.slice(0, 500) })
    .where(inArray(outboxEvents.id, eventIds));
}

export async function findEvent(db: Database, eventId: string) {
  const [row] = await db.select().from(outboxEvents).where(eq(outboxEvents.id, eventId));
  return row ?? null;
}

/** Events the API committed but could not publish, oldest first. */
export async function findUnpublishedEvents(db: Database, olderThan: Date, limit: number) {
  return oldestEvents(db, outboxEvents.publishedAt, outboxEvents.createdAt, olderThan, limit);
}

/** Age in seconds of the oldest event not yet published (0 when none): the API's `outbox_lag_seconds` gauge. */
export async function outboxLagSeconds(sqlClient: postgres.Sql): Promise<number> {
  const [row] = await sqlClient<{ lag: number | null }[]>`
    select extract(epoch from now() - min(created_at))::float8 as lag from outbox_events where published_at is null`;
  return row?.lag ?? 0;
}
