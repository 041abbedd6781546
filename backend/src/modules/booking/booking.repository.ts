import type { Database, Transaction } from '@app/db';
import * as schema from '@app/db/schema';
import { and, between, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';

const { bookings, calendarBusy, bookingChanges, bookingTokens, closedDates } = schema;

type Db = Database | Transaction;

export type BookingRow = typeof bookings.$inferSelect;
export type NewBooking = typeof bookings.$inferInsert;

/** Confirmed bookings (but `exceptBookingId`) and calendar busy times that overlap [from, to). */
export async function findBlockedIntervals(db: Db, from: Date, to: Date, exceptBookingId?: number) {
  const [taken, busy] = await Promise.all([
    db
      .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, 'confirmed'),
          lt(bookings.startsAt, to),
          gt(bookings.endsAt, from),
          exceptBookingId === undefined ? undefined : ne(bookings.id, exceptBookingId),
        ),
      ),
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

export async function findBookingById(db: Database | Transaction, id: number, lock = false) {
  const query = db.select().from(bookings).where(eq(bookings.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findBookingByExternalId(db: Database | Transaction, externalId: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.externalId, externalId));
  return row ?? null;
}

/** Cancels, and raises the invite's SEQUENCE (a cancellation is a change calendars must see as newer). */
export async function cancelBooking(tx: Transaction, id: number, at: Date) {
  await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: at, sequence: sql`${bookings.sequence} + 1` })
    .where(eq(bookings.id, id));
}

/**
 * The booking a manage link's token hash names: one of its e-mails' tokens (booking_tokens), or the one token of
 * links sent before that table (bookings.cancel_token_hash).
 */
export async function findBookingIdByTokenHash(db: Db, hash: string): Promise<number | null> {
  const [minted] = await db
    .select({ id: bookingTokens.bookingId })
    .from(bookingTokens)
    .where(eq(bookingTokens.tokenHash, hash));
  if (minted) return minted.id;
  const [legacy] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.cancelTokenHash, hash));
  return legacy?.id ?? null;
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
