import { hashToken } from '@app/contracts/server';
import type { Database } from '@app/db';
import * as schema from '@app/db/schema';
import { and, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';

const { bookings, bookingChanges, bookingTokens, calendarBusy, outboxEvents, users } = schema;

export type Booking = typeof bookings.$inferSelect;

export async function findBooking(db: Database, id: number): Promise<Booking | null> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row ?? null;
}

/**
 * Stores the hash of a new manage-link token (D7, issue 16): one more row of booking_tokens (each e-mail's links keep
 * working until the meeting starts), and the booking's cancel_token_hash as before, which the API's older cancel
 * lookup reads. The token itself goes only into the e-mail.
 */
export async function storeManageToken(db: Database, bookingId: number, token: string) {
  const tokenHash = hashToken(token);
  await db.transaction(async (tx) => {
    await tx.insert(bookingTokens).values({ bookingId, tokenHash });
    await tx.update(bookings).set({ cancelTokenHash: tokenHash }).where(eq(bookings.id, bookingId));
  });
}

export type BookingChange = typeof bookingChanges.$inferSelect & {
  /** The administrator who made it, when one did (null once their account is gone). */
  actor: { email: string; firstName: string | null } | null;
};

/** One change of a booking's history (a move or a cancellation), with the administrator who made it. */
export async function findBookingChange(db: Database, changeId: number): Promise<BookingChange | null> {
  const [row] = await db
    .select({ change: bookingChanges, actorEmail: users.email, actorFirstName: users.firstName })
    .from(bookingChanges)
    .leftJoin(users, eq(users.id, bookingChanges.actorUserId))
    .where(eq(bookingChanges.id, changeId));
  if (!row) return null;
  return {
    ...row.change,
    actor: row.actorEmail ? { email: row.actorEmail, firstName: row.actorFirstName } : null,
  };
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

/**
 * The form bookings still confirmed that start after `startsAfter`, each with its latest booking.created or
 * booking.rescheduled event: the event whose fan-out queued (or queues) the booking's reminder (the reconcile,
 * decision 047).
 */
export async function findUpcomingBookingsWithLatestEvent(db: Database, startsAfter: Date) {
  const upcoming = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.source, 'form'), eq(bookings.status, 'confirmed'), gt(bookings.startsAt, startsAfter)));
  if (upcoming.length === 0) return [];
  const bookingId = sql<number>`(${outboxEvents.payload}->>'bookingId')::integer`;
  const events = await db
    .selectDistinctOn([bookingId], {
      bookingId,
      id: outboxEvents.id,
      type: outboxEvents.type,
      payload: outboxEvents.payload,
      processedAt: outboxEvents.processedAt,
    })
    .from(outboxEvents)
    .where(
      and(
        // As a literal, the predicate of outbox_events_booking_idx, so the index serves every plan of the statement.
        sql`${outboxEvents.type} in ('booking.created', 'booking.rescheduled')`,
        inArray(
          bookingId,
          upcoming.map((booking) => booking.id),
        ),
      ),
    )
    .orderBy(bookingId, desc(outboxEvents.createdAt));
  const latest = new Map(events.map((event) => [Number(event.bookingId), event]));
  return upcoming.flatMap((booking) => {
    const event = latest.get(booking.id);
    return event ? [{ booking, event }] : [];
  });
}
