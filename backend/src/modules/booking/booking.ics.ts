import { COMPANY_NAME } from '@app/contracts';
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { BookingRow } from './booking.repository';

/** The same summary as the e-mailed invite's (workers/src/calendar/booking-event.ts). */
const CONSULTATION_SUMMARY = `Free 30-minute consultation with ${COMPANY_NAME}`;

const describe = (booking: BookingRow) =>
  [
    `Free 30-minute consultation with ${COMPANY_NAME} about dashboards for your business.`,
    `Booked by: ${booking.name} <${booking.email}>`,
    booking.businessName ? `Business: ${booking.businessName}` : null,
    booking.lineOfWork ? `Line of work: ${booking.lineOfWork}` : null,
  ]
    .filter(Boolean)
    .join('\n');

/**
 * The booking's "Add to calendar" file: the event of the e-mailed invite (workers/src/calendar/booking-event.ts, same
 * library), with the booking's stable UID, so a calendar that already holds the invite updates that event instead of
 * adding a second one. METHOD:PUBLISH: a file to add, not an invitation to answer. A cancelled booking gives a
 * cancelled event.
 */
export function bookingCalendarFile(booking: BookingRow, options: { companyEmail: string; appUrl: string }): string {
  const calendar = ical({
    prodId: { company: COMPANY_NAME, product: 'Consultations', language: 'EN' },
    name: CONSULTATION_SUMMARY,
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: booking.calendarUid,
    // The iTIP revision the invite (0) and its cancellation (1) carry, so the file never looks older than either.
    sequence: booking.status === 'cancelled' ? 1 : 0,
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
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.ACCEPTED,
      },
    ],
  });
  return calendar.toString();
}
