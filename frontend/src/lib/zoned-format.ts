/** Dates written as the clock and the calendar of a time zone show them (in en-US, as the app writes them). */

/** '1:00 PM'. */
export const clockFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });

/** A day with its weekday: 'Tue, Nov 3, 2026' (`short`) or 'Tuesday, November 3, 2026' (`long`). */
export const dayFormat = (timeZone: string, style: 'short' | 'long') =>
  new Intl.DateTimeFormat('en-US', { timeZone, weekday: style, year: 'numeric', month: style, day: 'numeric' });
