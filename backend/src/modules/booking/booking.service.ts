import {
  type Availability,
  type BookingConfirmation,
  BookingMessages,
  type BookingRequest,
  type BookingSummary,
  CONSULTATION_MINUTES,
  DEFAULT_TIME_SLOTS,
  EventTypes,
  hashToken,
  slotStart,
  todayIn,
  weekday,
  zonedTimeToUtc,
} from '@app/contracts';
import { type DispatchDeps, dispatch } from '../../events/dispatch';
import { insertEvent } from '../../events/outbox.repository';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, HttpError, notFound, unprocessable } from '../../lib/http-error';
import * as repo from './booking.repository';

export interface BookingDeps extends DispatchDeps {
  clock: Clock;
  timeZone: string;
}

const MINUTE = 60_000;
/** D12: slots that start within this long from now are not offered. */
export const MIN_NOTICE_MS = 2 * 60 * MINUTE;

const overlaps = (a: { startsAt: Date; endsAt: Date }, b: { startsAt: Date; endsAt: Date }) =>
  a.startsAt < b.endsAt && b.startsAt < a.endsAt;

export function slotInterval(date: string, label: string, timeZone: string) {
  const start = slotStart(label);
  if (!start) return null;
  const startsAt = zonedTimeToUtc(date, start.hour, start.minute, timeZone);
  return { startsAt, endsAt: new Date(startsAt.getTime() + CONSULTATION_MINUTES * MINUTE) };
}

/** Weekends and past dates are refused by the API too (D12), with clear messages. */
function assertBookableDate(deps: BookingDeps, date: string) {
  const day = weekday(date);
  if (day === 0 || day === 6)
    throw unprocessable(BookingMessages.weekend, [{ path: 'date', message: BookingMessages.weekend }]);
  if (date < todayIn(deps.timeZone, deps.clock.now()))
    throw unprocessable(BookingMessages.past, [{ path: 'date', message: BookingMessages.past }]);
}

/** D12: the default slots minus confirmed bookings, calendar busy time and slots within 2 hours. */
export async function availability(deps: BookingDeps, date: string): Promise<Availability> {
  assertBookableDate(deps, date);
  const slots = DEFAULT_TIME_SLOTS.map((label) => ({ label, ...slotInterval(date, label, deps.timeZone)! }));
  const first = slots[0]!;
  const last = slots.at(-1)!;
  const blocked = await repo.findBlockedIntervals(deps.db, first.startsAt, last.endsAt);
  const earliest = deps.clock.now().getTime() + MIN_NOTICE_MS;
  return {
    date,
    timeZone: deps.timeZone,
    availableTimes: slots
      .filter((slot) => slot.startsAt.getTime() >= earliest && !blocked.some((b) => overlaps(slot, b)))
      .map((slot) => slot.label),
  };
}

/**
 * Books a slot: the booking and its `booking.created` event in one transaction. The unique index on confirmed
 * start times settles races: exactly one of many simultaneous requests wins, the others get 409 (D13).
 */
export async function book(
  deps: BookingDeps,
  input: BookingRequest,
  context: { ipAddress?: string | null; requestId?: string } = {},
): Promise<BookingConfirmation> {
  assertBookableDate(deps, input.date);
  const interval = slotInterval(input.date, input.time, deps.timeZone);
  if (!interval)
    throw unprocessable(BookingMessages.unknownSlot, [{ path: 'time', message: BookingMessages.unknownSlot }]);
  if (interval.startsAt.getTime() < deps.clock.now().getTime() + MIN_NOTICE_MS)
    throw unprocessable(BookingMessages.tooSoon, [{ path: 'time', message: BookingMessages.tooSoon }]);
  const blocked = await repo.findBlockedIntervals(deps.db, interval.startsAt, interval.endsAt);
  if (blocked.length) throw conflict(BookingMessages.taken);

  let created: { booking: repo.BookingRow; event: { id: string; type: string } };
  try {
    created = await deps.db.transaction(async (tx) => {
      const booking = await repo.insertBooking(tx, {
        name: input.name,
        email: input.email,
        businessName: input.businessName || null,
        lineOfWork: input.lineOfWork || null,
        date: input.date,
        timeLabel: input.time,
        timeZone: deps.timeZone,
        ...interval,
        source: 'form',
        calendarUid: `booking-${crypto.randomUUID()}@lucid-insight`,
        ipAddress: context.ipAddress ?? null,
      });
      const event = await insertEvent(tx, EventTypes.bookingCreated, { bookingId: booking.id }, context.requestId);
      return { booking, event };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(BookingMessages.taken);
    throw error;
  }
  await dispatch(deps, [created.event]);
  return {
    id: created.booking.id,
    date: created.booking.date,
    time: created.booking.timeLabel,
    timeZone: created.booking.timeZone,
    startsAt: created.booking.startsAt.toISOString(),
    endsAt: created.booking.endsAt.toISOString(),
    message: BookingMessages.confirmed,
  };
}

const summary = (booking: repo.BookingRow): BookingSummary => ({
  name: booking.name,
  date: booking.date,
  time: booking.timeLabel,
  timeZone: booking.timeZone,
  startsAt: booking.startsAt.toISOString(),
  status: booking.status,
});

export async function findByCancelToken(deps: BookingDeps, token: string): Promise<BookingSummary> {
  const booking = token.length <= 200 ? await repo.findBookingByCancelHash(deps.db, hashToken(token)) : null;
  if (!booking) throw notFound(BookingMessages.invalidCancelLink);
  return summary(booking);
}

/** D15: frees the slot; the event removes the calendar entry and e-mails both sides. Cancelling twice is harmless. */
export async function cancelByToken(
  deps: BookingDeps,
  token: string,
  requestId?: string,
): Promise<{ message: string }> {
  const result = await deps.db.transaction(async (tx) => {
    const booking = await repo.findBookingByCancelHash(tx, hashToken(token), true);
    if (!booking) throw notFound(BookingMessages.invalidCancelLink);
    if (booking.status === 'cancelled') return { event: null };
    if (booking.startsAt <= deps.clock.now()) throw new HttpError(422, 'This consultation has already taken place.');
    await repo.cancelBooking(tx, booking.id, deps.clock.now());
    return { event: await insertEvent(tx, EventTypes.bookingCancelled, { bookingId: booking.id }, requestId) };
  });
  if (result.event) await dispatch(deps, [result.event]);
  return { message: "Your consultation has been cancelled. We've e-mailed you a confirmation." };
}
