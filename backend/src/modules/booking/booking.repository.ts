import type { Database, Transaction } from '@app/db';
import * as schema from '@app/db/schema';
import { and, eq, gt, lt } from 'drizzle-orm';

const { bookings, calendarBusy } = schema;

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

export async function cancelBooking(tx: Transaction, id: number, at: Date) {
  await tx.update(bookings).set({ status: 'cancelled', cancelledAt: at }).where(eq(bookings.id, id));
}
