import * as v from 'valibot';
import { isIanaTimeZone } from '../time-zone';
import { bodyToken, filledIn } from './common';
import { EmailSchema, NameSchema } from './contact';

/** The half-hour slots offered every weekday, in the company's time zone (spec section 7). */
export const DEFAULT_TIME_SLOTS = [
  '09:00 AM - 09:30 AM',
  '10:00 AM - 10:30 AM',
  '11:00 AM - 11:30 AM',
  '01:00 PM - 01:30 PM',
  '02:00 PM - 02:30 PM',
  '03:00 PM - 03:30 PM',
  '04:00 PM - 04:30 PM',
] as const;

export const CONSULTATION_MINUTES = 30;

/** A slot label's start as 24-hour hours and minutes ('01:00 PM - 01:30 PM' → 13:00), or null. */
export function slotStart(label: string): { hour: number; minute: number } | null {
  const match = /^(\d{2}):(\d{2}) (AM|PM) - \d{2}:\d{2} (AM|PM)$/.exec(label);
  if (!match || !(DEFAULT_TIME_SLOTS as readonly string[]).includes(label)) return null;
  const hour12 = Number(match[1]) % 12;
  return { hour: match[3] === 'PM' ? hour12 + 12 : hour12, minute: Number(match[2]) };
}

const DateSchema = v.pipe(filledIn('Please select a date'), v.isoDate('Please select a valid date'));

/** A slot: a day (yyyy-MM-dd) and one of its labels, in the company's zone. One shape for booking and moving. */
const SlotEntries = { date: DateSchema, time: filledIn('Please select a time') };

const VISITOR_ZONE_MESSAGE = 'Your time zone must be an IANA time zone name, such as Europe/Berlin';

/** POST /api/booking (spec section 5). Weekends, past dates and taken slots are refused by the API too (D12). */
export const BookingRequestSchema = v.object({
  name: NameSchema,
  email: EmailSchema,
  businessName: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(200, 'Business name must be at most 200 characters')),
  ),
  ...SlotEntries,
  lineOfWork: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'Line of work must be at most 200 characters'))),
  /** The visitor's own zone, as their browser names it (issue 26): their e-mails and pages show the time in it too. */
  visitorTimeZone: v.optional(
    v.pipe(
      v.string(VISITOR_ZONE_MESSAGE),
      v.check(isIanaTimeZone, VISITOR_ZONE_MESSAGE),
      v.description("The visitor's IANA time zone (e.g. Europe/Berlin); optional"),
    ),
  ),
});
export type BookingRequestInput = v.InferInput<typeof BookingRequestSchema>;
export type BookingRequest = v.InferOutput<typeof BookingRequestSchema>;

/** GET /api/booking/availability?date=yyyy-MM-dd */
export const AvailabilityQuerySchema = v.object({ date: DateSchema });

export const AvailabilitySchema = v.object({
  date: v.string(),
  timeZone: v.string(),
  availableTimes: v.array(v.string()),
});
export type Availability = v.InferOutput<typeof AvailabilitySchema>;

/** GET /api/booking/availability/month?month=yyyy-MM: the days of a month that still have a free slot. */
export const MonthAvailabilityQuerySchema = v.object({
  month: v.pipe(
    filledIn('Please select a month'),
    v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Please select a valid month (yyyy-MM)'),
  ),
});

export const MonthAvailabilitySchema = v.object({
  month: v.string(),
  timeZone: v.string(),
  /** yyyy-MM-dd days (weekdays from today on) with at least one free slot. */
  availableDates: v.array(v.string()),
  /** The days of the month the company is closed (holidays): the picker disables them and says why. */
  closedDates: v.array(v.string()),
  /** The last day a visitor may book (the booking window, BOOKING_WINDOW_DAYS): later days are disabled. */
  lastDate: v.string(),
});
export type MonthAvailability = v.InferOutput<typeof MonthAvailabilitySchema>;

/**
 * A booked consultation's time as the cancel page and the admin's consultations list show it: yyyy-MM-dd and the
 * slot's label in the company's zone, and its start and end (UTC, ISO 8601).
 */
export const BookedSlotEntries = {
  date: v.string(),
  time: v.string(),
  timeZone: v.string(),
  startsAt: v.string(),
  endsAt: v.string(),
};

/** What a visitor may tell of their work when booking (both optional): as the admin's lists show it, null when not given. */
export const VisitorWorkEntries = { businessName: v.nullable(v.string()), lineOfWork: v.nullable(v.string()) };

/** Whether a booking still stands. */
export const BookingStatusSchema = v.picklist(['confirmed', 'cancelled']);

/** A booking just made or moved, as its answer gives it: its id and its time, the UTC ends described as `slot`'s. */
const bookingAtEntries = (slot: string) => ({
  id: v.number(),
  ...BookedSlotEntries,
  startsAt: v.pipe(v.string(), v.description(`Start of ${slot}, UTC (ISO 8601)`)),
  endsAt: v.pipe(v.string(), v.description(`End of ${slot}, UTC (ISO 8601)`)),
});

/** 201 of POST /api/booking */
export const BookingConfirmationSchema = v.object({
  ...bookingAtEntries('the slot'),
  email: v.pipe(v.string(), v.description('Where the confirmation e-mail is sent')),
  cancelUrl: v.pipe(
    v.nullable(v.string()),
    v.description("The booker's own cancel link (/booking/cancel?token=...); null when it could not be issued"),
  ),
  calendarUrl: v.pipe(
    v.nullable(v.string()),
    v.description("The booking's .ics file (GET /api/booking/calendar/{token}); null when no link was issued"),
  ),
  rescheduleUrl: v.pipe(
    v.nullable(v.string()),
    v.description("The booker's own link to move the booking (/booking/reschedule?token=...); null when not issued"),
  ),
  googleCalendarUrl: v.pipe(v.string(), v.description("Google Calendar's page to add the meeting (UTC times)")),
  outlookCalendarUrl: v.pipe(v.string(), v.description("Outlook on the web's page to add the meeting (UTC times)")),
  message: v.string(),
});
export type BookingConfirmation = v.InferOutput<typeof BookingConfirmationSchema>;

/** GET /api/booking/cancel/{token}: what the cancel page shows. */
export const BookingSummarySchema = v.object({
  name: v.string(),
  ...BookedSlotEntries,
  /** The zone the visitor booked from (issue 26), when their browser said it: the page shows their time too. */
  visitorTimeZone: v.nullable(v.string()),
  status: BookingStatusSchema,
});
export type BookingSummary = v.InferOutput<typeof BookingSummarySchema>;

/** POST /api/booking/webhook: the scheduling service's event was taken. */
export const WebhookAcceptedSchema = v.object({ status: v.string() });

export const CancelBookingSchema = v.object({ token: bodyToken('Invalid link') });

/** POST /api/booking/reschedule: the manage link's token and the new slot (the fields of the booking POST). */
export const RescheduleBookingSchema = v.object({ token: bodyToken('Invalid link'), ...SlotEntries });
export type RescheduleBooking = v.InferOutput<typeof RescheduleBookingSchema>;

/** POST /api/admin/consultations/{id}/reschedule: the new slot. */
export const AdminRescheduleSchema = v.object(SlotEntries);
export type AdminReschedule = v.InferOutput<typeof AdminRescheduleSchema>;

/** GET /api/booking/reschedule/{token}: the booking and whether it can still be moved (and, if not, why). */
export const ReschedulableBookingSchema = v.object({
  ...BookingSummarySchema.entries,
  canReschedule: v.boolean(),
  reason: v.pipe(v.nullable(v.string()), v.description('Why it cannot be moved (null when it can)')),
  noticeHours: v.pipe(v.number(), v.description('Moves are taken up to this many hours before the start')),
});
export type ReschedulableBooking = v.InferOutput<typeof ReschedulableBookingSchema>;

/** 200 of a move: the booking at its new time. */
export const RescheduledBookingSchema = v.object({
  ...bookingAtEntries('the new slot'),
  message: v.string(),
});
export type RescheduledBooking = v.InferOutput<typeof RescheduledBookingSchema>;

/** Why a booking cannot be moved by its visitor (less than `hours` before it starts). */
export const rescheduleNoticeMessage = (hours: number) =>
  `Consultations can be moved up to ${hours} hour${hours === 1 ? '' : 's'} before they start. ` +
  'To change this one, please reply to your confirmation e-mail.';

export const BookingMessages = {
  taken: 'This time is no longer available. Please choose another time.',
  weekend: 'Consultations are offered Monday to Friday. Please choose a weekday.',
  past: 'Please choose a date from today on.',
  invalidDate: 'Please select a valid date',
  unknownSlot: 'Please choose one of the offered times.',
  tooSoon: 'This time is too soon. Please choose a time at least 2 hours from now.',
  confirmed: 'Your consultation is booked! Check your email for confirmation details.',
  invalidCancelLink: 'This cancellation link is invalid or has expired.',
  invalidManageLink: 'This link is invalid or has expired.',
  alreadyTookPlace: 'This consultation has already taken place.',
  cancelledCannotMove: 'This consultation has been cancelled, so it cannot be moved. Please book a new time.',
  sameSlot: 'That is already the time of your consultation.',
  rescheduled: "Your consultation has been moved. We've e-mailed you the new details.",
  rescheduledByAdmin: 'The consultation has been moved. The visitor is e-mailed the new time.',
  movedInSchedulingService:
    'This consultation was booked through the scheduling service. Please move it there, so both stay in step.',
  closed: "We're closed on that day. Please choose another date.",
} as const;

/** The booking window's refusal (BOOKING_WINDOW_DAYS, issue 16). */
export const beyondWindowMessage = (days: number) =>
  `Bookings open up to ${days} days ahead. Please choose an earlier date.`;
