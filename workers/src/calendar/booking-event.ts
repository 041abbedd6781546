import { type BookingCalendarOptions, bookingCalendar } from '@app/platform/booking-calendar';
import type { EmailAttachment } from '../emails/mailer';
import type { Booking } from '../repositories/bookings.repository';

/** The invite (method 'request') and the CalDAV copy (no method) are the API's event too: one builder in platform/. */
export { bookingCalendar };

/**
 * The cancellation of a booking's invite as an e-mail attachment (D15): METHOD:CANCEL, the invite's UID and start,
 * a higher SEQUENCE and STATUS:CANCELLED, so the visitor's and the company's calendar clients remove the event.
 */
export function bookingCancellationAttachment(
  booking: Booking,
  options: Omit<BookingCalendarOptions, 'method'>,
): EmailAttachment {
  return {
    filename: 'cancel.ics',
    contentType: 'text/calendar; method=CANCEL; charset=UTF-8',
    content: bookingCalendar(booking, { ...options, method: 'cancel' }),
  };
}
