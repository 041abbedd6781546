import { COMPANY_NAME } from '@app/contracts';
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { EmailAttachment } from '../emails/mailer';
import type { Booking } from '../repositories/bookings.repository';

const CONSULTATION_SUMMARY = `Free 30-minute consultation with ${COMPANY_NAME}`;

export interface BookingEventOptions {
  companyEmail: string;
  appUrl: string;
  /**
   * 'request' for the e-mailed invite (METHOD:REQUEST), 'cancel' for the e-mailed cancellation (METHOD:CANCEL); none
   * for the CalDAV copy (RFC 4791 forbids METHOD there).
   */
  method?: 'request' | 'cancel';
}

/**
 * The iTIP revision of the event (RFC 5546): the invite is revision 0; the cancellation must be higher, or calendar
 * clients ignore it as older than the event they hold.
 */
const BOOKING_SEQUENCE = { request: 0, cancel: 1 } as const;

const METHODS = { request: ICalCalendarMethod.REQUEST, cancel: ICalCalendarMethod.CANCEL } as const;

const describe = (booking: Booking) =>
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
 * and the visitor as attendee. The same event goes into the invite and into the company calendar.
 */
export function bookingCalendar(booking: Booking, options: BookingEventOptions): string {
  const calendar = ical({
    prodId: { company: COMPANY_NAME, product: 'Consultations', language: 'EN' },
    name: CONSULTATION_SUMMARY,
    ...(options.method ? { method: METHODS[options.method] } : {}),
  });
  const cancelling = options.method === 'cancel';
  calendar.createEvent({
    id: booking.calendarUid,
    sequence: cancelling ? BOOKING_SEQUENCE.cancel : BOOKING_SEQUENCE.request,
    start: booking.startsAt,
    end: booking.endsAt,
    // DTSTAMP of an iTIP message: when that message was made (the cancellation's when the booking was cancelled).
    stamp: cancelling ? (booking.cancelledAt ?? booking.createdAt) : booking.createdAt,
    created: booking.createdAt,
    summary: CONSULTATION_SUMMARY,
    description: describe(booking),
    url: options.appUrl.replace(/\/$/, ''),
    status: cancelling || booking.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: COMPANY_NAME, email: options.companyEmail },
    attendees: [
      {
        name: booking.name,
        email: booking.email,
        rsvp: true,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.NEEDSACTION,
      },
    ],
  });
  return calendar.toString();
}

/**
 * The cancellation of a booking's invite as an e-mail attachment (D15): METHOD:CANCEL, the invite's UID and start,
 * a higher SEQUENCE and STATUS:CANCELLED, so the visitor's and the company's calendar clients remove the event.
 */
export function bookingCancellationAttachment(
  booking: Booking,
  options: Omit<BookingEventOptions, 'method'>,
): EmailAttachment {
  return {
    filename: 'cancel.ics',
    contentType: 'text/calendar; method=CANCEL; charset=UTF-8',
    content: bookingCalendar(booking, { ...options, method: 'cancel' }),
  };
}
