import type { Database, Transaction } from '@app/db';
import * as schema from '@app/db/schema';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';

const { bookings, calendarBusy, bookingChanges, bookingTokens } = schema;

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

/** Moves a booking to another slot: one more revision of its invite (SEQUENCE). */
export async function moveBooking(
  tx: Transaction,
  id: number,
  slot: { date: string; timeLabel: string; startsAt: Date; endsAt: Date },
) {
  const [row] = await tx
    .update(bookings)
    .set({ ...slot, sequence: sql`${bookings.sequence} + 1` })
    .where(eq(bookings.id, id))
    .returning();
  if (!row) throw new Error('Could not move the booking');
  return row;
}

export type NewBookingChange = typeof bookingChanges.$inferInsert;

export async function insertBookingChange(tx: Transaction, values: NewBookingChange) {
  const [row] = await tx.insert(bookingChanges).values(values).returning({ id: bookingChanges.id });
  if (!row) throw new Error('Could not record the booking change');
  return row.id;
}
