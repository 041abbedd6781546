import { bookingCalendar, calendarContentType } from '@app/platform/booking-calendar';
import type { Booking } from '../repositories/bookings.repository';
import type { MessageContext } from './define-email';
import type { EmailAttachment } from './mailer';

/**
 * A booking's event attached to its e-mails. The invite (method 'request') and the CalDAV copy (no method, written by
 * jobs/calendar) are the API's event too: one builder in platform/, so the calendar and the e-mails share no code of
 * their own (issue 27: they imported each other).
 */

/** The builder's options from an e-mail's context: the company's zone (BOOKING_TIMEZONE), else the booking's. */
const optionsOf = (booking: Booking, ctx: MessageContext) => ({
  companyEmail: ctx.companyEmail,
  appUrl: ctx.appUrl,
  timeZone: ctx.timeZone ?? booking.timeZone,
  meetingUrlTemplate: ctx.meetingUrlTemplate,
});

/**
 * The invite of a new or moved booking as an e-mail attachment: METHOD:REQUEST with the booking's UID and SEQUENCE,
 * so a calendar that holds the first invite moves its event. `stamp`: when this message was made (a move's time).
 */
export function bookingInviteAttachment(booking: Booking, ctx: MessageContext, stamp?: Date): EmailAttachment {
  return {
    filename: 'invite.ics',
    contentType: calendarContentType('request'),
    content: bookingCalendar(booking, { ...optionsOf(booking, ctx), method: 'request', ...(stamp ? { stamp } : {}) }),
  };
}

/**
 * The cancellation of a booking's invite as an e-mail attachment (D15): METHOD:CANCEL, the invite's UID and start,
 * a higher SEQUENCE and STATUS:CANCELLED, so the visitor's and the company's calendar clients remove the event.
 */
export function bookingCancellationAttachment(booking: Booking, ctx: MessageContext): EmailAttachment {
  return {
    filename: 'cancel.ics',
    contentType: calendarContentType('cancel'),
    content: bookingCalendar(booking, { ...optionsOf(booking, ctx), method: 'cancel' }),
  };
}
