import * as v from 'valibot';
import { BookedSlotEntries, BookingStatusSchema, VisitorWorkEntries } from './booking';
import { ApiErrorSchema, filledIn, IdNameEntries } from './common';

/**
 * The company's side of booking (issue 16): the consultations list of the admin screen, the days the company is
 * closed, and the team's private calendar feed.
 */

/** One entry of a consultation's history: a move or a cancellation, when, from, to, by whom. */
const ConsultationChangeSchema = v.object({
  id: v.number(),
  kind: v.picklist(['rescheduled', 'cancelled']),
  fromStartsAt: v.string(),
  fromEndsAt: v.string(),
  toStartsAt: v.nullable(v.string()),
  toEndsAt: v.nullable(v.string()),
  changedBy: v.picklist(['visitor', 'admin', 'scheduling_service']),
  /** The administrator's name or e-mail when an administrator made the change. */
  actorName: v.nullable(v.string()),
  createdAt: v.string(),
});

export const ConsultationSchema = v.object({
  ...IdNameEntries,
  email: v.string(),
  ...VisitorWorkEntries,
  ...BookedSlotEntries,
  status: BookingStatusSchema,
  source: v.picklist(['form', 'scheduling_service']),
  createdAt: v.string(),
  cancelledAt: v.nullable(v.string()),
  /** Oldest first. */
  history: v.array(ConsultationChangeSchema),
});
export type Consultation = v.InferOutput<typeof ConsultationSchema>;

const INVALID_DATE = 'Please select a valid date (yyyy-MM-dd)';
/** Whether yyyy-MM-dd is a real calendar day (2026-02-30 is not one). */
const isCalendarDay = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(date);
};
/** A real calendar day. */
const DateText = v.pipe(
  filledIn('Please select a date'),
  v.isoDate(INVALID_DATE),
  v.check(isCalendarDay, INVALID_DATE),
);

/** POST /api/admin/closed-dates */
export const ClosedDateInputSchema = v.object({
  date: DateText,
  label: v.optional(
    v.pipe(
      v.nullable(v.string()),
      v.transform((value) => (value ?? '').trim()),
      v.maxLength(100, 'Label must be at most 100 characters'),
    ),
  ),
  /**
   * Close the day although confirmed consultations are booked on it (they stay booked): without it, such a day is
   * answered 409 with those consultations, so the screen can warn and offer to move or cancel them.
   */
  confirm: v.optional(v.boolean('confirm must be true or false'), false),
});

export type ClosedDateInput = v.InferInput<typeof ClosedDateInputSchema>;

/** DELETE /api/admin/closed-dates/{date}: anything but a date names nothing (404). */
export const ClosedDateParamsSchema = v.object({ date: v.pipe(v.string(), v.maxLength(20)) });

export const ClosedDateSchema = v.object({
  date: v.string(),
  label: v.nullable(v.string()),
  createdAt: v.string(),
});
export type ClosedDate = v.InferOutput<typeof ClosedDateSchema>;

/** 409 of POST /api/admin/closed-dates without `confirm`: the confirmed consultations booked on that day. */
export const ClosedDateConflictSchema = v.object({
  ...ApiErrorSchema.entries,
  consultations: v.array(ConsultationSchema),
});
export type ClosedDateConflict = v.InferOutput<typeof ClosedDateConflictSchema>;

/** GET /api/admin/calendar-feed: whether a feed is live (never its URL: only its hash is kept). */
export const CalendarFeedStatusSchema = v.object({
  active: v.boolean(),
  createdAt: v.nullable(v.string()),
});
export type CalendarFeedStatus = v.InferOutput<typeof CalendarFeedStatusSchema>;

/** 201 of POST /api/admin/calendar-feed: the secret URL, shown this once. */
export const CalendarFeedCreatedSchema = v.object({
  url: v.pipe(v.string(), v.description('The secret subscription URL; only its hash is stored, so it is shown once')),
  createdAt: v.string(),
});
export type CalendarFeedCreated = v.InferOutput<typeof CalendarFeedCreatedSchema>;

/** `/api/calendar-feed/{file}`: `<token>.ics`. */
export const CalendarFeedParamsSchema = v.object({ file: v.pipe(v.string(), v.maxLength(300)) });

/** What the consultations routes answer. */
export const ConsultationMessages = {
  cancelled: 'The consultation has been cancelled. The visitor and the company are being e-mailed.',
  alreadyCancelled: 'This consultation is already cancelled.',
  past: 'This consultation has already taken place.',
  /** Its invitee was told by the scheduling service, which still holds it: it is changed there (decision 033). */
  schedulingService: 'This consultation was booked in the scheduling service. Please cancel or move it there.',
  notFound: 'Consultation not found',
  closedDateExists: 'That day is already in the list.',
  closedDateMissing: 'That day is not in the list.',
  closedDatePast: 'That day has passed. Only today or a later day can be closed.',
  closedDateBooked: 'Consultations are booked on that day. Move or cancel them, or close the day anyway.',
} as const;
