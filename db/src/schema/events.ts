import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { serialId, timeOfInsert, timestamptz } from './columns';

/**
 * The transactional outbox: every domain event is written here in the same transaction as the change it describes,
 * then published to BullMQ with its id as job id. Rows whose publishing failed (Redis down) have no publishedAt and
 * are published again by the workers' sweeper. processedAt is set by the worker once it has fanned the event out:
 * an event published but never processed (its job lost with Redis's data) is published again by the reconcile
 * (decision 047).
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    requestId: text(),
    createdAt: timeOfInsert(),
    publishedAt: timestamptz(),
    publishAttempts: integer().notNull().default(0),
    lastError: text(),
    processedAt: timestamptz(),
  },
  (t) => [
    index('outbox_events_unpublished_idx').on(t.createdAt).where(sql`${t.publishedAt} is null`),
    index('outbox_events_unprocessed_idx')
      .on(t.publishedAt)
      .where(sql`${t.publishedAt} is not null and ${t.processedAt} is null`),
    // The reconcile finds a booking's latest event (the one whose reminder is the booking's) by its payload.
    index('outbox_events_booking_idx')
      .on(sql`((${t.payload}->>'bookingId')::integer)`, t.createdAt)
      .where(sql`${t.type} in ('booking.created', 'booking.rescheduled')`),
  ],
);

/**
 * One row per e-mail the workers send: unique per event, template and recipient, so a retried or duplicated job
 * never sends the same e-mail twice.
 */
export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    id: serialId(),
    eventId: uuid()
      .notNull()
      .references(() => outboxEvents.id, { onDelete: 'cascade' }),
    template: text().notNull(),
    recipient: text().notNull(),
    /** pending: being sent; sent: accepted by the SMTP server; failed: gave up after the last attempt. */
    status: text({ enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    messageId: text(),
    lastError: text(),
    createdAt: timeOfInsert(),
    sentAt: timestamptz(),
  },
  (t) => [uniqueIndex('email_deliveries_event_template_recipient').on(t.eventId, t.template, t.recipient)],
);
