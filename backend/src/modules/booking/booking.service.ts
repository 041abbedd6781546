import {
  type Availability,
  addDays,
  type BookingConfirmation,
  BookingMessages,
  type BookingRequest,
  beyondWindowMessage,
  CONSULTATION_MINUTES,
  DEFAULT_TIME_SLOTS,
  EventTypes,
  type MonthAvailability,
  slotStart,
  todayIn,
  weekday,
  zonedTimeToUtc,
} from '@app/contracts/server';
import type { Database, Transaction } from '@app/db';
import { bookingCalendarLinks } from '@app/platform/booking-calendar-links';
import { insertEvent } from '@app/platform/outbox';
import { dispatch } from '../../events/dispatch';
import { isSlotTaken } from '../../lib/db-errors';
import { conflict, unprocessable } from '../../lib/http-error';
import * as repo from './booking.repository';
import { issueBrowserLink, type LinkDeps } from './booking-links.service';

export interface BookingDeps extends LinkDeps {
  timeZone: string;
  /** How many days ahead a visitor may book (BOOKING_WINDOW_DAYS, issue 16). */
  windowDays: number;
  /** MEETING_URL_TEMPLATE: the video call link the calendar links carry. */
  meetingUrlTemplate?: string | undefined;
}

const MINUTE = 60_000;
/** D12: slots that start within this long from now are not offered. */
const MIN_NOTICE_MS = 2 * 60 * MINUTE;

type Interval = { startsAt: Date; endsAt: Date };

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
async function assertBookableDate(deps: BookingDeps, date: string, db: Database | Transaction = deps.db) {
  // The format allows days no month has (2026-11-31, 2026-02-30): refused, not rolled over into the next month.
  const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
  if (new Date(Date.UTC(year, month - 1, dayOfMonth)).getUTCDate() !== dayOfMonth)
    throw unprocessable(BookingMessages.invalidDate, [{ path: 'date', message: BookingMessages.invalidDate }]);
  const day = weekday(date);
  if (day === 0 || day === 6) throw refuseDate(BookingMessages.weekend);
  if (date < todayIn(deps.timeZone, deps.clock.now())) throw refuseDate(BookingMessages.past);
  if (date > lastBookableDate(deps)) throw refuseDate(beyondWindowMessage(deps.windowDays));
  if (await repo.isClosedDate(db, date)) throw refuseDate(BookingMessages.closed);
}

const slotsOf = (date: string, timeZone: string) =>
  DEFAULT_TIME_SLOTS.map((label) => ({ label, ...slotInterval(date, label, timeZone)! }));

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
 * The checks every new time of a booking passes, booked or moved (D12, D13): a weekday from today on, one of the
 * offered labels, at least 2 hours from now, and free (no confirmed booking, no busy time in the company calendar).
 * Answers the slot's UTC interval. `db` is the caller's transaction when it has one.
 */
export async function checkSlot(
  deps: BookingDeps,
  db: Database | Transaction,
  slot: { date: string; time: string },
  /** A booking being moved: its own current time does not block its new one. */
  movingBookingId?: number,
): Promise<Interval> {
  // Inside the caller's transaction: a second connection per move would exhaust the pool under a race.
  await assertBookableDate(deps, slot.date, db);
  const interval = slotInterval(slot.date, slot.time, deps.timeZone);
  if (!interval)
    throw unprocessable(BookingMessages.unknownSlot, [{ path: 'time', message: BookingMessages.unknownSlot }]);
  if (interval.startsAt.getTime() < deps.clock.now().getTime() + MIN_NOTICE_MS)
    throw unprocessable(BookingMessages.tooSoon, [{ path: 'time', message: BookingMessages.tooSoon }]);
  const blocked = await repo.findBlockedIntervals(db, interval.startsAt, interval.endsAt, movingBookingId);
  if (blocked.length) throw conflict(BookingMessages.taken);
  return interval;
}

/** The booking's Google and Outlook "add to calendar" pages (issue 26), beside its .ics. */
function calendarLinksOf(deps: BookingDeps, booking: repo.BookingRow) {
  const links = bookingCalendarLinks(booking, { timeZone: deps.timeZone, meetingUrlTemplate: deps.meetingUrlTemplate });
  return { googleCalendarUrl: links.google, outlookCalendarUrl: links.outlook };
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
  const interval = await checkSlot(deps, deps.db, input);

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
        visitorTimeZone: input.visitorTimeZone ?? null,
        ...interval,
        source: 'form',
        calendarUid: `booking-${crypto.randomUUID()}@lucid-insight`,
        ipAddress: context.ipAddress ?? null,
      });
      const event = await insertEvent(tx, EventTypes.bookingCreated, { bookingId: booking.id }, context.requestId);
      return { booking, event };
    });
  } catch (error) {
    if (isSlotTaken(error)) throw conflict(BookingMessages.taken);
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
    rescheduleUrl: token ? `/booking/reschedule?token=${token}` : null,
    ...calendarLinksOf(deps, created.booking),
    message: BookingMessages.confirmed,
  };
}
