import type { Database } from '@app/db';
import * as schema from '@app/db/schema';
import { slotInterval } from '../src/modules/booking/booking.service';

type BookingValues = Partial<typeof schema.bookings.$inferInsert> & { name: string; email: string };

/** A booking's slot as the booking API's answers give it: its day and time in the business's `zone`, its instants. */
export const slotAnswer = (zone: string, date: string, time: string, startsAt: string, endsAt: string) => ({
  date,
  time,
  timeZone: zone,
  startsAt,
  endsAt,
});

/**
 * A confirmed booking stored directly, as the booking POST stores it (also at times the POST refuses: soon, past),
 * on the slot `time` of `date` in `zone`, with a calendar UID of its own.
 */
export async function storeBooking(db: Database, zone: string, date: string, time: string, values: BookingValues) {
  const [row] = await db
    .insert(schema.bookings)
    .values({
      date,
      timeLabel: time,
      timeZone: zone,
      ...slotInterval(date, time, zone)!,
      calendarUid: `booking-${crypto.randomUUID()}@test`,
      ...values,
    })
    .returning();
  return row!;
}

/**
 * A confirmed booking stored directly at the instant `startsAt`, half an hour long, in UTC under the first slot's label:
 * for lists where only the order in time counts, not the slot.
 */
export async function storeBookingAt(db: Database, startsAt: Date, values: BookingValues) {
  const [row] = await db
    .insert(schema.bookings)
    .values({
      date: startsAt.toISOString().slice(0, 10),
      timeLabel: '09:00 AM - 09:30 AM',
      timeZone: 'UTC',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      calendarUid: `booking-${crypto.randomUUID()}@test`,
      ...values,
    })
    .returning();
  return row!;
}
