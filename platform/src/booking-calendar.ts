import { COMPANY_NAME, meetingWhen, sameWallClock } from '@app/contracts';
import type * as schema from '@app/db/schema';
import ical, {
  ICalAlarmType,
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block } from 'timezones-ical-library';

/**
 * A booking as one calendar event, for the API and the workers alike: the API's "Add to calendar" file, the workers'
 * e-mailed invite, move and cancellation, and the copy in the company's CalDAV calendar are the same event (the
 * booking's stable UID, its SEQUENCE the booking's), so a calendar that holds one of them updates it instead of
 * adding a second (decision 031).
 */

type BookingRow = typeof schema.bookings.$inferSelect;
/** The booking's fields the event shows. */
export type CalendarBooking = Pick<
  BookingRow,
  | 'id'
  | 'calendarUid'
  | 'sequence'
  | 'status'
  | 'startsAt'
  | 'endsAt'
  | 'createdAt'
  | 'cancelledAt'
  | 'name'
  | 'email'
  | 'businessName'
  | 'lineOfWork'
  | 'visitorTimeZone'
>;

/**
 * How the object is sent (its iTIP METHOD, RFC 5546): 'publish' for the file the visitor adds to their own calendar
 * (nothing to answer), 'request' for the e-mailed invite (new and moved meetings), 'cancel' for the e-mailed
 * cancellation; none for the CalDAV copy (RFC 4791 forbids METHOD there).
 */
type CalendarMethod = 'publish' | 'request' | 'cancel';

export interface BookingCalendarOptions {
  companyEmail: string;
  appUrl: string;
  /** The company's zone (BOOKING_TIMEZONE): the times are written in it, with its VTIMEZONE (Outlook needs one). */
  timeZone: string;
  /** MEETING_URL_TEMPLATE: the meeting link, `{bookingId}` replaced; unset, the company sends a link itself. */
  meetingUrlTemplate?: string | undefined;
  method?: CalendarMethod;
  /** DTSTAMP: when this message was made (a move's time); by default the booking's (or its cancellation's). */
  stamp?: Date;
}

/** The attachment's content type names the method too (RFC 6047), or Outlook shows an invite as a plain file. */
export const calendarContentType = (method: 'request' | 'cancel') =>
  `text/calendar; method=${method.toUpperCase()}; charset=UTF-8`;

/** The meeting link of a booking: MEETING_URL_TEMPLATE with `{bookingId}` replaced (a fixed room has none). */
export const meetingUrl = (template: string | undefined, bookingId: number): string | null =>
  template ? template.replaceAll('{bookingId}', String(bookingId)) : null;

/** Without a meeting link, the invite says how the call happens. */
const NO_MEETING_LINK_TEXT = `${COMPANY_NAME} will e-mail you the video call link before the meeting.`;

const METHODS = {
  publish: ICalCalendarMethod.PUBLISH,
  request: ICalCalendarMethod.REQUEST,
  cancel: ICalCalendarMethod.CANCEL,
} as const;

export const CONSULTATION_SUMMARY = `Free 30-minute consultation with ${COMPANY_NAME}`;
const ALARM_SECONDS_BEFORE = 15 * 60;

/**
 * The meeting in the visitor's own zone (issue 26), when they booked from another clock than the company's: 'Your
 * time: Monday, November 2, 2026, 4:00 PM - 4:30 PM CET (Europe/Berlin)'; null otherwise.
 */
function visitorTimeLine(
  booking: Pick<CalendarBooking, 'startsAt' | 'endsAt' | 'visitorTimeZone'>,
  companyZone?: string,
) {
  const zone = booking.visitorTimeZone;
  if (!zone || (companyZone && sameWallClock(booking.startsAt, zone, companyZone))) return null;
  return `${meetingWhen(booking.startsAt, booking.endsAt, zone).when} (${zone})`;
}

/** The event's description: what the meeting is, how to join, who booked it, and the visitor's own time. */
export const describe = (booking: CalendarBooking, link: string | null, companyZone?: string) =>
  [
    `Free 30-minute consultation with ${COMPANY_NAME} about dashboards for your business.`,
    link ? `Join the video call: ${link}` : NO_MEETING_LINK_TEXT,
    companyZone && visitorTimeLine(booking, companyZone) ? `Your time: ${visitorTimeLine(booking, companyZone)}` : null,
    `Booked by: ${booking.name} <${booking.email}>`,
    booking.businessName ? `Business: ${booking.businessName}` : null,
    booking.lineOfWork ? `Line of work: ${booking.lineOfWork}` : null,
  ]
    .filter(Boolean)
    .join('\n');

/**
 * The zone's VTIMEZONE (STANDARD and DAYLIGHT rules from the IANA data, as timezones-ical-library keeps them) and the
 * TZID it goes by (UTC is 'Etc/UTC' there). Null for a zone the library does not know: the times are then in UTC.
 */
function vtimezone(zone: string): { tzid: string; block: string } | null {
  const result = tzlib_get_ical_block(zone);
  if (!Array.isArray(result) || typeof result[0] !== 'string' || !result[0].startsWith('BEGIN:VTIMEZONE')) return null;
  const tzid = /^TZID:(.+)$/m.exec(result[0])?.[1]?.trim();
  return tzid ? { tzid, block: result[0] } : null;
}

/**
 * The booking as an iCalendar object: the stable UID of the booking and its SEQUENCE, start and end in the company's
 * zone with its VTIMEZONE, the company as organizer and the visitor as attendee (who has accepted the file they add
 * themselves, and is asked to answer an invite), the meeting link, and a reminder 15 minutes before.
 */
export function bookingCalendar(booking: CalendarBooking, options: BookingCalendarOptions): string {
  const calendar = ical({
    prodId: { company: COMPANY_NAME, product: 'Consultations', language: 'EN' },
    name: CONSULTATION_SUMMARY,
    ...(options.method ? { method: METHODS[options.method] } : {}),
  });
  const zone = vtimezone(options.timeZone);
  // The VTIMEZONE comes with the event's TZID; the calendar itself has no zone (name null), so DTSTAMP and CREATED
  // stay in UTC as RFC 5545 requires (ical-generator writes them in the calendar's zone otherwise).
  if (zone) calendar.timezone({ name: null, generator: (tzid) => (tzid === zone.tzid ? zone.block : null) });
  // In the zone as luxon times: ical-generator writes a native Date in the process's own zone.
  const at = (date: Date) => (zone ? DateTime.fromJSDate(date, { zone: zone.tzid }) : date);
  const cancelling = options.method === 'cancel';
  const cancelled = cancelling || booking.status === 'cancelled';
  const publishing = options.method === 'publish';
  const link = meetingUrl(options.meetingUrlTemplate, booking.id);
  const event = calendar.createEvent({
    id: booking.calendarUid,
    // The iTIP revision (RFC 5546): 0 when booked, one more for each move and the cancellation (bookings.sequence).
    // A cancellation must be higher than the invite it cancels, or calendar clients ignore it as older.
    sequence: cancelled ? Math.max(booking.sequence, 1) : booking.sequence,
    start: at(booking.startsAt),
    end: at(booking.endsAt),
    ...(zone ? { timezone: zone.tzid } : {}),
    // DTSTAMP of an iTIP message: when that message was made (the cancellation's when the booking was cancelled).
    stamp: options.stamp ?? (cancelling ? (booking.cancelledAt ?? booking.createdAt) : booking.createdAt),
    created: booking.createdAt,
    summary: CONSULTATION_SUMMARY,
    description: describe(booking, link, options.timeZone),
    ...(link ? { location: link } : {}),
    url: link ?? options.appUrl.replace(/\/$/, ''),
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: COMPANY_NAME, email: options.companyEmail },
    attendees: [
      {
        name: booking.name,
        email: booking.email,
        ...(publishing ? {} : { rsvp: true }),
        role: ICalAttendeeRole.REQ,
        status: publishing ? ICalAttendeeStatus.ACCEPTED : ICalAttendeeStatus.NEEDSACTION,
      },
    ],
  });
  if (!cancelled)
    event.createAlarm({
      type: ICalAlarmType.display,
      trigger: ALARM_SECONDS_BEFORE,
      description: `${CONSULTATION_SUMMARY} in 15 minutes`,
    });
  return calendar.toString();
}

/**
 * The company team's private calendar feed (issue 16): every booking as one event, SUMMARY with the visitor's name,
 * DESCRIPTION with their e-mail, business and line of work. Each event has the booking's stable UID and SEQUENCE, so
 * a subscribed calendar updates an event when the booking moves. No METHOD: a subscription, not an invitation.
 */
export function bookingsFeed(
  bookings: readonly (CalendarBooking & Pick<BookingRow, 'sequence'>)[],
  options: { appUrl: string; now: Date; meetingUrlTemplate?: string },
): string {
  const calendar = ical({
    prodId: { company: COMPANY_NAME, product: 'Consultations feed', language: 'EN' },
    name: `${COMPANY_NAME} consultations`,
    ttl: 15 * 60,
  });
  for (const booking of bookings)
    calendar.createEvent({
      id: booking.calendarUid,
      sequence: booking.sequence,
      start: booking.startsAt,
      end: booking.endsAt,
      stamp: options.now,
      created: booking.createdAt,
      summary: `Consultation: ${booking.name}`,
      description: describe(booking, meetingUrl(options.meetingUrlTemplate, booking.id)),
      url: options.appUrl.replace(/\/$/, ''),
      status: booking.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  return calendar.toString();
}
