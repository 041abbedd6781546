import { CONSULTATION_MINUTES, zonedTimeToUtc } from '@app/contracts';
import type { Database } from '@app/db';
import * as schema from '@app/db/schema';
import { startTestDatabase, useFixture } from '@app/db/testing';
import { startTestRadicale } from '@app/testing/radicale';
import { eq, sql } from 'drizzle-orm';
import { startMailingWorkers } from './index';

export type BookingRow = typeof schema.bookings.$inferSelect;
type NewBooking = typeof schema.bookings.$inferInsert;

let bookingCount = 0;

/** The UTC instant of a wall-clock time ('2026-11-02', 9, 0) in a zone. */
export const zonedInstant = (date: string, hour: number, minute: number, timeZone: string) =>
  zonedTimeToUtc(date, hour, minute, timeZone);

/**
 * Inserts a booking directly (as the API would), by default a form booking in New York. `startsAt` wins over
 * `date` + `hour`; the label and date follow from the start.
 */
export async function insertBooking(
  db: Database,
  options: Partial<NewBooking> & { hour?: number; minute?: number } = {},
): Promise<BookingRow> {
  bookingCount++;
  const { hour = 9, minute = 0, ...overrides } = options;
  const timeZone = overrides.timeZone ?? 'America/New_York';
  const date = overrides.date ?? '2026-11-02';
  const startsAt = overrides.startsAt ?? zonedInstant(date, hour, minute, timeZone);
  const endsAt = overrides.endsAt ?? new Date(startsAt.getTime() + CONSULTATION_MINUTES * 60_000);
  const [row] = await db
    .insert(schema.bookings)
    .values({
      name: `Ada Lovelace ${bookingCount}`,
      email: `ada${bookingCount}-${crypto.randomUUID().slice(0, 6)}@example.com`,
      businessName: `Analytical Engines <${bookingCount}>`,
      lineOfWork: 'Manufacturing & logistics',
      date,
      timeLabel: '09:00 AM - 09:30 AM',
      timeZone,
      source: 'form',
      calendarUid: `booking-${crypto.randomUUID()}@lucid-insight.test`,
      ...overrides,
      startsAt,
      endsAt,
    })
    .returning();
  if (!row) throw new Error('booking not inserted');
  return row;
}

/** Stores a booking event in the outbox; the workers' sweeper publishes it (every 200 ms in tests). */
export async function emitBookingEvent(
  db: Database,
  type: 'booking.created' | 'booking.cancelled' | 'booking.rescheduled',
  bookingId: number,
  extra: { changeId?: number } = {},
): Promise<string> {
  const [event] = await db
    .insert(schema.outboxEvents)
    .values({ type, payload: { bookingId, ...extra } })
    .returning({ id: schema.outboxEvents.id });
  if (!event) throw new Error('event not inserted');
  return event.id;
}

/** Cancels a booking the way the API does: status, time, one more SEQUENCE, and the 'booking.cancelled' event. */
export async function cancelBooking(db: Database, bookingId: number, { emit = true } = {}) {
  await db
    .update(schema.bookings)
    .set({ status: 'cancelled', cancelledAt: new Date(), sequence: sql`${schema.bookings.sequence} + 1` })
    .where(eq(schema.bookings.id, bookingId));
  return emit ? emitBookingEvent(db, 'booking.cancelled', bookingId) : null;
}

/**
 * Moves a booking the way the API does (issue 16): new times, one more SEQUENCE, a booking_changes row (from, to, by
 * whom) and the 'booking.rescheduled' event naming it. Returns the event's id and the change's.
 */
export async function moveBooking(
  db: Database,
  bookingId: number,
  startsAt: Date,
  options: { changedBy?: 'visitor' | 'admin' | 'scheduling_service'; actorUserId?: number; emit?: boolean } = {},
) {
  const before = await findBookingRow(db, bookingId);
  if (!before) throw new Error('no booking to move');
  const endsAt = new Date(startsAt.getTime() + CONSULTATION_MINUTES * 60_000);
  const [change] = await db.transaction(async (tx) => {
    await tx
      .update(schema.bookings)
      .set({ startsAt, endsAt, sequence: sql`${schema.bookings.sequence} + 1` })
      .where(eq(schema.bookings.id, bookingId));
    return tx
      .insert(schema.bookingChanges)
      .values({
        bookingId,
        kind: 'rescheduled',
        fromStartsAt: before.startsAt,
        fromEndsAt: before.endsAt,
        toStartsAt: startsAt,
        toEndsAt: endsAt,
        changedBy: options.changedBy ?? 'visitor',
        actorUserId: options.actorUserId ?? null,
      })
      .returning();
  });
  if (!change) throw new Error('change not recorded');
  const eventId =
    options.emit === false
      ? null
      : await emitBookingEvent(db, 'booking.rescheduled', bookingId, { changeId: change.id });
  return { eventId, changeId: change.id };
}

export async function findBookingRow(db: Database, id: number) {
  const [row] = await db.select().from(schema.bookings).where(eq(schema.bookings.id, id));
  return row ?? null;
}

/** A database of its own, an SMTP catcher and the real workers on a queue prefix of their own. */
async function startBookingTestBed(env: Record<string, string> = {}) {
  const database = await startTestDatabase();
  const queuePrefix = `test-${crypto.randomUUID().slice(0, 8)}`;
  const mailing = await startMailingWorkers({ databaseUrl: database.url, queuePrefix }, { env });
  return {
    db: database.db,
    smtp: mailing.smtp,
    workers: mailing.workers,
    queuePrefix,
    async close() {
      await mailing.close();
      await database.close();
    },
  };
}

export type BookingTestBed = Awaited<ReturnType<typeof startBookingTestBed>>;

/** A test bed for the tests of one file (or describe block): started before them, closed after them. */
export const useBookingTestBed = (env: Record<string, string> = {}): BookingTestBed =>
  useFixture(
    () => startBookingTestBed(env),
    (bed) => bed.close(),
  );

/**
 * A booking test bed whose workers write into the 'consultations' calendar of a Radicale of its own (CALDAV_* set),
 * with `env`'s other variables. `close()` closes the bed, then stops the Radicale.
 */
export async function startCalendarTestBed(env: Record<string, string> = {}) {
  const radicale = await startTestRadicale();
  try {
    const calendarUrl = await radicale.makeCalendar('consultations');
    const bed = await startBookingTestBed({
      CALDAV_URL: calendarUrl,
      CALDAV_USERNAME: radicale.username,
      CALDAV_PASSWORD: radicale.password,
      ...env,
    });
    return { radicale, calendarUrl, bed };
  } catch (error) {
    await radicale.stop();
    throw error;
  }
}
