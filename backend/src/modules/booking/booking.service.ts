import {
  type Availability,
  addDays,
  type BookingConfirmation,
  BookingMessages,
  type BookingRequest,
  type BookingSummary,
  beyondWindowMessage,
  CONSULTATION_MINUTES,
  DEFAULT_TIME_SLOTS,
  EventTypes,
  generateToken,
  hashToken,
  type MonthAvailability,
  slotStart,
  todayIn,
  weekday,
  zonedTimeToUtc,
} from '@app/contracts';
import { insertEvent } from '@app/platform/outbox';
import type { Redis } from 'ioredis';
import { type DispatchDeps, dispatch } from '../../events/dispatch';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, HttpError, notFound, unprocessable } from '../../lib/http-error';
import * as repo from './booking.repository';
import { cancelLocked } from './booking-changes';

export interface BookingDeps extends DispatchDeps {
  clock: Clock;
  timeZone: string;
  /** Keeps the hashes of the booker's own cancel links (see `issueBrowserLink`), under `${prefix}:`. */
  redis: Redis;
  prefix: string;
  /** How many days ahead a visitor may book (BOOKING_WINDOW_DAYS, issue 16). */
  windowDays: number;
}

const MINUTE = 60_000;
/** D12: slots that start within this long from now are not offered. */
const MIN_NOTICE_MS = 2 * 60 * MINUTE;

const overlaps = (a: { startsAt: Date; endsAt: Date }, b: { startsAt: Date; endsAt: Date }) =>
  a.startsAt < b.endsAt && b.startsAt < a.endsAt;

export function slotInterval(date: string, label: string, timeZone: string) {
  const start = slotStart(label);
  if (!start) return null;
  const startsAt = zonedTimeToUtc(date, start.hour, start.minute, timeZone);
  return { startsAt, endsAt: new Date(startsAt.getTime() + CONSULTATION_MINUTES * MINUTE) };
}

/** The last day a visitor may book: today (in the company's zone) plus the booking window. */
const lastBookableDate = (deps: Pick<BookingDeps, 'timeZone' | 'clock' | 'windowDays'>) =>
  addDays(todayIn(deps.timeZone, deps.clock.now()), deps.windowDays);

const refuseDate = (message: string) => unprocessable(message, [{ path: 'date', message }]);

/**
 * The one check of a day a booking or a move may take, with clear messages: weekends and past dates (D12), days
 * beyond the booking window and days the company is closed (issue 16). Every booking and move made on this site
 * goes through it; the scheduling service's webhook does not (that service already accepted its bookings).
 */
async function assertBookableDate(deps: BookingDeps, date: string) {
  const day = weekday(date);
  if (day === 0 || day === 6) throw refuseDate(BookingMessages.weekend);
  if (date < todayIn(deps.timeZone, deps.clock.now())) throw refuseDate(BookingMessages.past);
  if (date > lastBookableDate(deps)) throw refuseDate(beyondWindowMessage(deps.windowDays));
  if (await repo.isClosedDate(deps.db, date)) throw refuseDate(BookingMessages.closed);
}

const slotsOf = (date: string, timeZone: string) =>
  DEFAULT_TIME_SLOTS.map((label) => ({ label, ...slotInterval(date, label, timeZone)! }));

type Interval = { startsAt: Date; endsAt: Date };
const freeLabels = (deps: BookingDeps, date: string, blocked: Interval[]) => {
  const earliest = deps.clock.now().getTime() + MIN_NOTICE_MS;
  return slotsOf(date, deps.timeZone)
    .filter((slot) => slot.startsAt.getTime() >= earliest && !blocked.some((b) => overlaps(slot, b)))
    .map((slot) => slot.label);
};

/** D12: the default slots minus confirmed bookings, calendar busy time and slots within 2 hours. */
export async function availability(deps: BookingDeps, date: string): Promise<Availability> {
  await assertBookableDate(deps, date);
  const slots = slotsOf(date, deps.timeZone);
  const blocked = await repo.findBlockedIntervals(deps.db, slots[0]!.startsAt, slots.at(-1)!.endsAt);
  return { date, timeZone: deps.timeZone, availableTimes: freeLabels(deps, date, blocked) };
}

/** The days of a month (yyyy-MM) in the company's zone, yyyy-MM-dd. */
function daysOfMonth(month: string): string[] {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const count = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/**
 * The weekdays of a month, from today to the end of the booking window, that still have a free slot and on which the
 * company is open (the same rules as `availability`), with one query for the whole month: what the date picker marks
 * as bookable. The closed days and the window's last day come with it, so the picker can say why a day is disabled.
 */
export async function monthAvailability(deps: BookingDeps, month: string): Promise<MonthAvailability> {
  const today = todayIn(deps.timeZone, deps.clock.now());
  const lastDate = lastBookableDate(deps);
  const all = daysOfMonth(month);
  const closed = await repo.closedDatesBetween(deps.db, all[0]!, all.at(-1)!);
  const days = all.filter(
    (date) => date >= today && date <= lastDate && weekday(date) % 6 !== 0 && !closed.includes(date),
  );
  const answer = { month, timeZone: deps.timeZone, closedDates: closed, lastDate };
  if (days.length === 0) return { ...answer, availableDates: [] };
  const from = slotsOf(days[0]!, deps.timeZone)[0]!.startsAt;
  const to = slotsOf(days.at(-1)!, deps.timeZone).at(-1)!.endsAt;
  const blocked = await repo.findBlockedIntervals(deps.db, from, to);
  return { ...answer, availableDates: days.filter((date) => freeLabels(deps, date, blocked).length > 0) };
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
  await assertBookableDate(deps, input.date);
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
  const token = await issueBrowserLink(deps, created.booking);
  return {
    id: created.booking.id,
    date: created.booking.date,
    time: created.booking.timeLabel,
    timeZone: created.booking.timeZone,
    startsAt: created.booking.startsAt.toISOString(),
    endsAt: created.booking.endsAt.toISOString(),
    email: created.booking.email,
    cancelUrl: token ? `/booking/cancel?token=${token}` : null,
    calendarUrl: token ? `/api/booking/calendar/${token}` : null,
    message: BookingMessages.confirmed,
  };
}

/** How long after its end a booker's own link still shows the booking. */
const BROWSER_LINK_AFTER_END_MS = 7 * 24 * 60 * MINUTE;
const browserLinkKey = (deps: BookingDeps, hash: string) => `${deps.prefix}:booking-link:${hash}`;

/**
 * The booker's own cancel link, shown on the confirmation (decision 020). The e-mail's link is minted by the worker
 * that sends it, and only its hash is kept on the booking (D7): this one cannot be that one, so a second token is
 * minted here and its hash kept in Redis, pointing at the booking, until a week after the meeting. Both links work.
 * Without Redis the booking still stands: the answer then has no link, and the e-mail's link is the way to cancel.
 */
async function issueBrowserLink(deps: BookingDeps, booking: repo.BookingRow): Promise<string | null> {
  const token = generateToken();
  const ttl = booking.endsAt.getTime() - deps.clock.now().getTime() + BROWSER_LINK_AFTER_END_MS;
  try {
    await deps.redis.set(browserLinkKey(deps, hashToken(token)), String(booking.id), 'PX', Math.max(ttl, MINUTE));
    return token;
  } catch (error) {
    deps.logger.warn({ err: error, bookingId: booking.id }, 'could not issue the booking link; the e-mail has one');
    return null;
  }
}

/** The booking a cancel token points at: the e-mail's (its hash on the booking) or the booker's own (in Redis). */
async function bookingIdOfToken(deps: BookingDeps, token: string): Promise<number | null> {
  if (token.length === 0 || token.length > 200) return null;
  const hash = hashToken(token);
  const booking = await repo.findBookingByCancelHash(deps.db, hash);
  if (booking) return booking.id;
  const id = await deps.redis.get(browserLinkKey(deps, hash)).catch(() => null);
  return id && /^\d+$/.test(id) ? Number(id) : null;
}

export async function findBookingByToken(deps: BookingDeps, token: string): Promise<repo.BookingRow> {
  const id = await bookingIdOfToken(deps, token);
  const booking = id === null ? null : await repo.findBookingById(deps.db, id);
  if (!booking) throw notFound(BookingMessages.invalidCancelLink);
  return booking;
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
  return summary(await findBookingByToken(deps, token));
}

/** D15: frees the slot; the event removes the calendar entry and e-mails both sides. Cancelling twice is harmless. */
export async function cancelByToken(
  deps: BookingDeps,
  token: string,
  requestId?: string,
): Promise<{ message: string }> {
  const id = await bookingIdOfToken(deps, token);
  if (id === null) throw notFound(BookingMessages.invalidCancelLink);
  const result = await deps.db.transaction(async (tx) => {
    const booking = await repo.findBookingById(tx, id, true);
    if (!booking) throw notFound(BookingMessages.invalidCancelLink);
    if (booking.status === 'cancelled') return { event: null };
    if (booking.startsAt <= deps.clock.now()) throw new HttpError(422, 'This consultation has already taken place.');
    return { event: await cancelLocked(tx, deps, booking, { changedBy: 'visitor' }, requestId) };
  });
  if (result.event) await dispatch(deps, [result.event]);
  return { message: "Your consultation has been cancelled. We've e-mailed you a confirmation." };
}
