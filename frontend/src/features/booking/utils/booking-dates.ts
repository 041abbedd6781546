/** Calendar dates (yyyy-MM-dd) in the company's time zone (D12): what the date picker offers. */

import { CONSULTATION_MINUTES, slotStart } from '@app/contracts/api/booking';
import { zonedTimeToUtc } from '@app/contracts/time-zone';
import { clockFormat, dayFormat } from '../../../lib/zoned-format';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today's date (yyyy-MM-dd) as the clock of `timeZone` shows it at `now`. An unknown zone falls back to UTC. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** 0 = Sunday … 6 = Saturday of a calendar date, or null when it is not one. */
export function weekdayOf(date: string): number | null {
  const match = ISO_DATE.exec(date);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(y, m - 1, d));
  if (utc.getUTCFullYear() !== y || utc.getUTCMonth() !== m - 1 || utc.getUTCDate() !== d) return null;
  return utc.getUTCDay();
}

/**
 * Whether a day can be booked (spec section 5): Monday to Friday, from `today` on (both yyyy-MM-dd, `today` in the
 * company's time zone). The API refuses the others too (D12).
 */
export function isSelectableDate(date: string, today: string): boolean {
  const weekday = weekdayOf(date);
  if (weekday === null || weekday === 0 || weekday === 6) return false;
  return date >= today;
}

/** 'Eastern Time (America/New_York)': the zone's everyday name and its IANA name; the IANA name alone as fallback. */
export function timeZoneLabel(timeZone: string): string {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
    return name && name !== timeZone ? `${name} (${timeZone})` : timeZone;
  } catch {
    return timeZone;
  }
}

/** 'Monday, June 2, 2025' for a yyyy-MM-dd date (the calendar date itself, whatever the browser's zone). */
export function formatLongDate(date: string): string {
  const match = ISO_DATE.exec(date);
  if (!match) return date;
  return dayFormat('UTC', 'long').format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}

/** 'yyyy-MM' of a yyyy-MM-dd date. */
export const monthOf = (date: string): string => date.slice(0, 7);

/** The browser's own IANA zone (the visitor's), UTC when the browser does not say. */
export function visitorTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The UTC instants of a slot label on a date in the company's zone (as the API computes them), or null. */
export function slotInstants(date: string, label: string, timeZone: string): { startsAt: Date; endsAt: Date } | null {
  const start = slotStart(label);
  if (!start || weekdayOf(date) === null) return null;
  try {
    const startsAt = zonedTimeToUtc(date, start.hour, start.minute, timeZone);
    return { startsAt, endsAt: new Date(startsAt.getTime() + CONSULTATION_MINUTES * 60_000) };
  } catch {
    return null;
  }
}

/** Whether two zones show the same wall-clock time at an instant (then one time says it all). */
export function sameClock(instant: Date, zoneA: string, zoneB: string): boolean {
  const format = (timeZone: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(instant);
  try {
    return format(zoneA) === format(zoneB);
  } catch {
    return false;
  }
}

/** '3:00 PM' (with ' Tue' when the visitor's day is another one) of an instant in a zone. */
export function clockIn(instant: Date, timeZone: string, onDate?: string): string {
  const time = clockFormat(timeZone).format(instant);
  if (!onDate || todayIn(timeZone, instant) === onDate) return time;
  const day = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(instant);
  return `${day} ${time}`;
}

/** 'Monday, November 16, 2026, 1:00 – 1:30 PM' of a slot as the clock of `timeZone` shows it. */
export function formatSlot(startsAt: Date, endsAt: Date, timeZone: string): string {
  const day = dayFormat(timeZone, 'long').format(startsAt);
  const time = clockFormat(timeZone);
  const startDay = todayIn(timeZone, startsAt);
  const endDay = todayIn(timeZone, endsAt);
  const end = startDay === endDay ? time.format(endsAt) : `${formatLongDate(endDay)}, ${time.format(endsAt)}`;
  return `${day}, ${time.format(startsAt)} – ${end}`;
}
