import type { Database, Transaction } from '@app/db';
import * as schema from '@app/db/schema';
import { and, between, eq, gt, inArray, lt, sql } from 'drizzle-orm';

const { bookings, calendarBusy, bookingChanges, closedDates } = schema;

export type BookingRow = typeof bookings.$inferSelect;
export type NewBooking = typeof bookings.$inferInsert;

/** Confirmed bookings and calendar busy times that overlap [from, to). */
export async function findBlockedIntervals(db: Database, from: Date, to: Date) {
  const [taken, busy] = await Promise.all([
    db
      .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt })
      .from(bookings)
      .where(and(eq(bookings.status, 'confirmed'), lt(bookings.startsAt, to), gt(bookings.endsAt, from))),
    db
      .select({ startsAt: calendarBusy.startsAt, endsAt: calendarBusy.endsAt })
      .from(calendarBusy)
      .where(and(lt(calendarBusy.startsAt, to), gt(calendarBusy.endsAt, from))),
  ]);
  return [...taken, ...busy];
}

export async function insertBooking(tx: Transaction, values: NewBooking) {
  const [row] = await tx.insert(bookings).values(values).returning();
  if (!row) throw new Error('Could not store the booking');
  return row;
}

export async function findBookingByCancelHash(db: Database | Transaction, hash: string, lock = false) {
  const query = db.select().from(bookings).where(eq(bookings.cancelTokenHash, hash));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findBookingById(db: Database | Transaction, id: number, lock = false) {
  const query = db.select().from(bookings).where(eq(bookings.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findBookingByExternalId(db: Database | Transaction, externalId: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.externalId, externalId));
  return row ?? null;
}

/** Cancels a booking; its SEQUENCE goes up so calendars replace the event they hold. */
export async function cancelBooking(tx: Transaction, id: number, at: Date) {
  await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: at, sequence: sql`${bookings.sequence} + 1` })
    .where(eq(bookings.id, id));
}

export type NewBookingChange = typeof bookingChanges.$inferInsert;

/** One entry of a booking's history (a move or a cancellation). */
export async function insertBookingChange(tx: Transaction, values: NewBookingChange) {
  const [row] = await tx.insert(bookingChanges).values(values).returning({ id: bookingChanges.id });
  if (!row) throw new Error('Could not store the booking change');
  return row;
}

/** Whether the company is closed on a date (yyyy-MM-dd). */
export async function isClosedDate(db: Database | Transaction, date: string) {
  const [row] = await db.select({ date: closedDates.date }).from(closedDates).where(eq(closedDates.date, date));
  return Boolean(row);
}

/** The closed dates from `from` to `to` (yyyy-MM-dd, both included). */
export async function closedDatesBetween(db: Database | Transaction, from: string, to: string) {
  const rows = await db
    .select({ date: closedDates.date })
    .from(closedDates)
    .where(between(closedDates.date, from, to));
  return rows.map((row) => row.date);
}

/** The booking that carries one of these scheduling-service ids, locked (a move names both the old and the new). */
export async function findBookingByExternalIds(tx: Transaction, externalIds: string[]) {
  const rows = await tx.select().from(bookings).where(inArray(bookings.externalId, externalIds)).for('update');
  return rows;
}

/** Points a booking at another scheduling-service id (the invitee that replaces it after a move). */
export async function setExternalId(tx: Transaction, id: number, externalId: string) {
  await tx.update(bookings).set({ externalId }).where(eq(bookings.id, id));
}

/** Moves a booking to another time (SEQUENCE + 1, so calendars replace the event they hold). */
export async function moveBooking(
  tx: Transaction,
  id: number,
  values: Pick<NewBooking, 'startsAt' | 'endsAt' | 'date' | 'timeLabel'> & { externalId?: string | null },
) {
  const [row] = await tx
    .update(bookings)
    .set({ ...values, status: 'confirmed', cancelledAt: null, sequence: sql`${bookings.sequence} + 1` })
    .where(eq(bookings.id, id))
    .returning();
  if (!row) throw new Error('Could not move the booking');
  return row;
}
