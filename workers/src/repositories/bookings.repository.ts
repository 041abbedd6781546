import { hashToken } from '@app/contracts';
import type { Database } from '@app/db';
import * as schema from '@app/db/schema';
import { eq, isNotNull } from 'drizzle-orm';

const { bookings, calendarBusy } = schema;

export type Booking = typeof bookings.$inferSelect;

export async function findBooking(db: Database, id: number): Promise<Booking | null> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row ?? null;
}

/** Stores the hash of a new cancel link's token (D7, D15): the token itself goes only into the e-mail. */
export async function storeCancelToken(db: Database, bookingId: number, token: string) {
  await db
    .update(bookings)
    .set({ cancelTokenHash: hashToken(token) })
    .where(eq(bookings.id, bookingId));
}

export async function setCalendarHref(db: Database, bookingId: number, href: string | null) {
  await db.update(bookings).set({ calendarHref: href }).where(eq(bookings.id, bookingId));
}

/** The UIDs of the events we put into the calendar ourselves: their bookings already block their slots. */
export async function bookingCalendarUids(db: Database): Promise<Set<string>> {
  const rows = await db.select({ uid: bookings.calendarUid }).from(bookings).where(isNotNull(bookings.calendarUid));
  return new Set(rows.map((row) => row.uid));
}

export interface BusyInterval {
  startsAt: Date;
  endsAt: Date;
  uid: string | null;
}

/** Replaces the copy of the calendar's busy times in one transaction, so availability never sees it half-written. */
export async function replaceCalendarBusy(db: Database, intervals: BusyInterval[]) {
  await db.transaction(async (tx) => {
    await tx.delete(calendarBusy);
    if (intervals.length) await tx.insert(calendarBusy).values(intervals);
  });
}
