/**
 * "Add to Google Calendar" and "Add to Outlook" links of an event, as those services document their add-event pages:
 * Google's TEMPLATE action (text, dates as UTC basic format start/end, details, location, ctz: the zone it shows the
 * event in) and Outlook on the web's compose deep link (subject, startdt/enddt as UTC ISO 8601, body, location).
 * The times are always UTC with a Z, so each service places the event at the right instant whatever its user's zone.
 */

export const GOOGLE_CALENDAR_URL = 'https://calendar.google.com/calendar/render';
export const OUTLOOK_CALENDAR_URL = 'https://outlook.live.com/calendar/0/deeplink/compose';

export interface CalendarLinkEvent {
  title: string;
  details: string;
  location?: string | null;
  startsAt: Date;
  endsAt: Date;
  /** The zone Google shows the event in (the visitor's, when known). */
  timeZone?: string | null;
}

/** 20261102T150000Z: RFC 5545's UTC basic format, as Google's `dates` takes it. */
const basicUtc = (at: Date) =>
  at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
/** 2026-11-02T15:00:00Z: ISO 8601 without milliseconds, as Outlook's `startdt` and `enddt` take it. */
const isoUtc = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** URLSearchParams writes a space as '+', which both services read as a space. */
const withQuery = (base: string, params: [string, string | null | undefined][]) =>
  `${base}?${new URLSearchParams(params.filter((p): p is [string, string] => !!p[1])).toString()}`;

export function googleCalendarUrl(event: CalendarLinkEvent): string {
  return withQuery(GOOGLE_CALENDAR_URL, [
    ['action', 'TEMPLATE'],
    ['text', event.title],
    ['dates', `${basicUtc(event.startsAt)}/${basicUtc(event.endsAt)}`],
    ['details', event.details],
    ['location', event.location],
    ['ctz', event.timeZone],
  ]);
}

export function outlookCalendarUrl(event: CalendarLinkEvent): string {
  return withQuery(OUTLOOK_CALENDAR_URL, [
    ['path', '/calendar/action/compose'],
    ['rru', 'addevent'],
    ['subject', event.title],
    ['startdt', isoUtc(event.startsAt)],
    ['enddt', isoUtc(event.endsAt)],
    ['body', event.details],
    ['location', event.location],
  ]);
}
