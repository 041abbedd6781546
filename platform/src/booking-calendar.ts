import { COMPANY_NAME } from '@app/contracts';
import type * as schema from '@app/db/schema';
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/**
 * A booking as one calendar event, for the API and the workers alike: the API's "Add to calendar" file, the workers'
 * e-mailed invite and cancellation, and the copy in the company's CalDAV calendar are the same event (the booking's
 * stable UID), so a calendar that holds one of them updates it instead of adding a second.
 */

type BookingRow = typeof schema.bookings.$inferSelect;
/** The booking's fields the event shows. */
export type CalendarBooking = Pick<
  BookingRow,
  | 'calendarUid'
  | 'status'
  | 'startsAt'
  | 'endsAt'
  | 'createdAt'
  | 'cancelledAt'
  | 'name'
  | 'email'
  | 'businessName'
  | 'lineOfWork'
>;

/**
 * How the object is sent (its iTIP METHOD, RFC 5546): 'publish' for the file the visitor adds to their own calendar
 * (nothing to answer), 'request' for the e-mailed invite, 'cancel' for the e-mailed cancellation; none for the CalDAV
 * copy (RFC 4791 forbids METHOD there).
 */
type CalendarMethod = 'publish' | 'request' | 'cancel';

export interface BookingCalendarOptions {
  companyEmail: string;
  appUrl: string;
  method?: CalendarMethod;
}

const METHODS = {
  publish: ICalCalendarMethod.PUBLISH,
  request: ICalCalendarMethod.REQUEST,
  cancel: ICalCalendarMethod.CANCEL,
} as const;

const CONSULTATION_SUMMARY = `Free 30-minute consultation with ${COMPANY_NAME}`;

const describe = (booking: CalendarBooking) =>
  [
    `Free 30-minute consultation with ${COMPANY_NAME} about dashboards for your business.`,
    `Booked by: ${booking.name} <${booking.email}>`,
    booking.businessName ? `Business: ${booking.businessName}` : null,
    booking.lineOfWork ? `Line of work: ${booking.lineOfWork}` : null,
  ]
    .filter(Boolean)
    .join('\n');

/**
 * The booking as an iCalendar object: the stable UID of the booking, start and end in UTC, the company as organizer
 * and the visitor as attendee (who has accepted the file they add themselves, and is asked to answer an invite).
 */
export function bookingCalendar(booking: CalendarBooking, options: BookingCalendarOptions): string {
  const calendar = ical({
    prodId: { company: COMPANY_NAME, product: 'Consultations', language: 'EN' },
    name: CONSULTATION_SUMMARY,
    ...(options.method ? { method: METHODS[options.method] } : {}),
  });
  const cancelling = options.method === 'cancel';
  const cancelled = cancelling || booking.status === 'cancelled';
  const publishing = options.method === 'publish';
  calendar.createEvent({
    id: booking.calendarUid,
    // The iTIP revision (RFC 5546): the event is revision 0; its cancellation must be higher, or calendar clients
    // ignore it as older than the event they hold.
    sequence: cancelled ? 1 : 0,
    start: booking.startsAt,
    end: booking.endsAt,
    // DTSTAMP of an iTIP message: when that message was made (the cancellation's when the booking was cancelled).
    stamp: cancelling ? (booking.cancelledAt ?? booking.createdAt) : booking.createdAt,
    created: booking.createdAt,
    summary: CONSULTATION_SUMMARY,
    description: describe(booking),
    url: options.appUrl.replace(/\/$/, ''),
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
  return calendar.toString();
}

/**
 * The company team's private calendar feed (issue 16): every booking as one event, SUMMARY with the visitor's name,
 * DESCRIPTION with their e-mail, business and line of work. Each event has the booking's stable UID and SEQUENCE, so
 * a subscribed calendar updates an event when the booking moves. No METHOD: a subscription, not an invitation.
 */
export function bookingsFeed(
  bookings: readonly (CalendarBooking & Pick<BookingRow, 'sequence'>)[],
  options: { appUrl: string; now: Date },
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
      description: describe(booking),
      url: options.appUrl.replace(/\/$/, ''),
      status: booking.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  return calendar.toString();
}
