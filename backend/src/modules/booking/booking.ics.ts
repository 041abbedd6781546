import { type BookingCalendarOptions, bookingCalendar } from '@app/platform/booking-calendar';
import type { BookingRow } from './booking.repository';

/**
 * The booking's "Add to calendar" file: the event of the e-mailed invite (one builder, platform/src/booking-calendar.ts),
 * so a calendar that already holds the invite updates that event instead of adding a second one. METHOD:PUBLISH: a
 * file to add, not an invitation to answer. A cancelled booking gives a cancelled event.
 */
export function bookingCalendarFile(booking: BookingRow, options: Omit<BookingCalendarOptions, 'method'>): string {
  return bookingCalendar(booking, { ...options, method: 'publish' });
}
