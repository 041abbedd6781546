/** Calendar dates (yyyy-MM-dd) in the company's time zone (D12): what the date picker offers. */

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
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}
