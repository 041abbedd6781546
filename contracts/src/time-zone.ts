/** Calendar arithmetic in an IANA time zone with nothing but Intl (the zone's rules, daylight saving included). */

const formatters = new Map<string, Intl.DateTimeFormat>();
const partsFormatter = (timeZone: string) => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/** The wall-clock fields of an instant in a zone. */
export function zonedParts(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetMs(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  return (
    Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - (instant.getTime() - (instant.getTime() % 1000))
  );
}

/** The instant at which the zone's clock shows `date` (yyyy-MM-dd) at `hour:minute(:second)`. */
export function zonedTimeToUtc(date: string, hour: number, minute: number, timeZone: string, second = 0): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour, minute, second);
  // Two passes settle the offset on either side of a daylight-saving change.
  let guess = wall - offsetMs(new Date(wall), timeZone);
  guess = wall - offsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

/** Today's date (yyyy-MM-dd) in the zone. */
export function todayIn(timeZone: string, now: Date): string {
  const p = zonedParts(now, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** 0 = Sunday … 6 = Saturday, of a calendar date. */
export function weekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** '09:00 AM'-style label of an instant's wall-clock time in the zone. */
export function clockLabel(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${String(hour12).padStart(2, '0')}:${String(p.minute).padStart(2, '0')} ${p.hour < 12 ? 'AM' : 'PM'}`;
}

/** The calendar date `days` after `date` (yyyy-MM-dd; negative goes back). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The first day (yyyy-MM-dd) of each day, week (from Monday) or month of the calendar that `from` to `to` (both
 * counted) touches: the periods a usage report is counted in. The first may start before `from`.
 */
export function periodStarts(from: string, to: string, period: 'day' | 'week' | 'month'): string[] {
  let start = from;
  if (period === 'week') start = addDays(from, -((weekday(from) + 6) % 7));
  if (period === 'month') start = `${from.slice(0, 7)}-01`;
  const starts: string[] = [];
  for (let day = start; day <= to; ) {
    starts.push(day);
    if (period === 'month') {
      const [y, m] = day.split('-').map(Number) as [number, number];
      day = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
    } else day = addDays(day, period === 'week' ? 7 : 1);
  }
  return starts;
}

/**
 * Whether `name` is an IANA zone this runtime knows ('Europe/Berlin', 'UTC'): region/city names only, never an
 * offset ('+01:00') or other text, at most 64 characters.
 */
export function isIanaTimeZone(name: string): boolean {
  if (name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

// Newer ICU puts a narrow no-break space before AM/PM; plain-text mail readers show it oddly.
const plainSpaces = (value: string) => value.replace(/[\u202f\u00a0]/g, ' ');

/**
 * A meeting's date and time written out in one zone: 'Monday, November 2, 2026', '10:00 AM - 10:30 AM', the zone
 * ('EST (America/New_York)'), the whole ('Monday, November 2, 2026, 10:00 AM - 10:30 AM EST'), the start alone
 * ('Monday, November 2, 2026 at 10:00 AM EST') and its clock ('10:00 AM EST').
 */
export function meetingWhen(startsAt: Date, endsAt: Date, timeZone: string) {
  const date = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone,
  }).format(startsAt);
  const clock = (at: Date) =>
    plainSpaces(new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(at));
  const zoneName =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
      .formatToParts(startsAt)
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  const time = `${clock(startsAt)} - ${clock(endsAt)}`;
  return {
    date,
    time,
    timeZone: `${zoneName} (${timeZone})`,
    when: `${date}, ${time} ${zoneName}`,
    startShort: `${date} at ${clock(startsAt)} ${zoneName}`,
    clock: `${clock(startsAt)} ${zoneName}`,
  };
}

/** Whether two zones' clocks show the same date and time at an instant (then one of them is enough to show). */
export function sameWallClock(instant: Date, zoneA: string, zoneB: string): boolean {
  const p = zonedParts(instant, zoneA);
  const q = zonedParts(instant, zoneB);
  return p.year === q.year && p.month === q.month && p.day === q.day && p.hour === q.hour && p.minute === q.minute;
}
