import { COMPANY_NAME } from '@app/contracts';
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { Booking } from '../repositories/bookings.repository';

export const CONSULTATION_SUMMARY = `Free 30-minute consultation with ${COMPANY_NAME}`;

export interface BookingEventOptions {
  companyEmail: string;
  appUrl: string;
  /** 'request' for the e-mailed invite (METHOD:REQUEST); none for the CalDAV copy (RFC 4791 forbids METHOD there). */
  method?: 'request';
}

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
    ...(options.method ? { method: ICalCalendarMethod.REQUEST } : {}),
  });
  calendar.createEvent({
    id: booking.calendarUid,
    start: booking.startsAt,
    end: booking.endsAt,
    stamp: booking.createdAt,
    created: booking.createdAt,
    summary: CONSULTATION_SUMMARY,
    description: describe(booking),
    url: options.appUrl.replace(/\/$/, ''),
    status: booking.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
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
