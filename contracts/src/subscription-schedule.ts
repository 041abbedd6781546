import { addDays, todayIn, weekday as weekdayOf, zonedParts } from './time-zone';

/**
 * When a report subscription runs next (issue 29, decision 054): its wall-clock time in its own zone, weekly on a
 * weekday or monthly on a day (a shorter month's last day when it has fewer), across daylight-saving changes as
 * Temporal's 'compatible' disambiguation does: a time the clock skips (02:30 on the spring-forward night) runs as
 * late as the skip (03:30); a time the clock shows twice (the fall-back night) runs the first time only.
 */
export interface SubscriptionSchedule {
  frequency: 'weekly' | 'monthly';
  /** Weekly: 0 = Sunday … 6 = Saturday. */
  weekday?: number | null;
  /** Monthly: 1 … 31. */
  dayOfMonth?: number | null;
  /** 'HH:MM' */
  time: string;
  timeZone: string;
}

const HOUR_MS = 3_600_000;

/** The zone's offset from UTC at an instant, in ms (whole seconds). */
function offsetAt(instant: number, timeZone: string): number {
  const p = zonedParts(new Date(instant), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - (instant - (instant % 1000));
}

/** The instant the zone's clock shows `date` at `hour:minute`, 'compatible' on a skipped or repeated time. */
export function wallClockInstant(date: string, hour: number, minute: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  // The offsets a day either side: equal on an ordinary day; before and after the change on a changing one.
  const before = offsetAt(wall - 24 * HOUR_MS, timeZone);
  const after = offsetAt(wall + 24 * HOUR_MS, timeZone);
  const shows = (instant: number) => offsetAt(instant, timeZone) === wall - instant;
  const candidates = [wall - before, wall - after].filter(shows).sort((a, b) => a - b);
  // Repeated: the earlier; skipped (neither shows it): the offset before the change, which lands after the skip.
  return new Date(candidates[0] ?? wall - before);
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Whether the schedule runs on a calendar date (yyyy-MM-dd). */
function runsOn(schedule: SubscriptionSchedule, date: string): boolean {
  if (schedule.frequency === 'weekly') return weekdayOf(date) === schedule.weekday;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return d === Math.min(schedule.dayOfMonth ?? 1, daysInMonth(y, m));
}

/** The first run strictly after `after` (a week or a month ahead at most, searched day by day in the zone). */
export function nextRunAfter(schedule: SubscriptionSchedule, after: Date): Date {
  const [hour, minute] = schedule.time.split(':').map(Number) as [number, number];
  // From the day before (a zone behind UTC may still be on it) for a little over two months of days.
  let date = addDays(todayIn(schedule.timeZone, after), -1);
  for (let i = 0; i < 70; i++, date = addDays(date, 1)) {
    if (!runsOn(schedule, date)) continue;
    const at = wallClockInstant(date, hour, minute, schedule.timeZone);
    if (at.getTime() > after.getTime()) return at;
  }
  throw new Error('No run found for the schedule');
}
