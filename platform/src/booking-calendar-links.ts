import { googleCalendarUrl, outlookCalendarUrl } from '@app/contracts';
import { type CalendarBooking, CONSULTATION_SUMMARY, describe, meetingUrl } from './booking-calendar';

/**
 * The booking's "Add to Google Calendar" and "Add to Outlook" links (issue 26), beside its .ics: the same title and
 * description as the invite, its UTC start and end, and the visitor's zone for Google to show it in.
 */
export function bookingCalendarLinks(
  booking: CalendarBooking,
  options: { timeZone: string; meetingUrlTemplate?: string | undefined },
) {
  const link = meetingUrl(options.meetingUrlTemplate, booking.id);
  const event = {
    title: CONSULTATION_SUMMARY,
    details: describe(booking, link, options.timeZone),
    location: link,
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    timeZone: booking.visitorTimeZone ?? options.timeZone,
  };
  return { google: googleCalendarUrl(event), outlook: outlookCalendarUrl(event) };
}
