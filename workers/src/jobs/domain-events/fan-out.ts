import {
  type CalendarJob,
  type CalendarJobName,
  CalendarJobNames,
  type EmailTemplate,
  EventPayloadSchemas,
  type EventType,
  EventTypes,
} from '@app/contracts/server';
import type { Database } from '@app/db';
import * as v from 'valibot';
import { emailDefinitions } from '../../emails/index';
import { type Booking, findBooking, findBookingChange } from '../../repositories/bookings.repository';

/** The reminder goes out this long before the meeting (D14). */
export const REMINDER_LEAD_MS = 24 * 3600_000;

interface EmailJobPlan {
  template: EmailTemplate;
  /** Send no sooner than this many milliseconds from now (a BullMQ delayed job). */
  delayMs?: number;
  /** A reminder's booking and meeting start: sent only while the booking still starts then (issue 16). */
  reminder?: { bookingId: number; startsAt: Date };
}

interface CalendarJobPlan {
  name: CalendarJobName;
  data: CalendarJob;
}

export interface FanOutPlan {
  emails: EmailJobPlan[];
  calendar: CalendarJobPlan[];
  /**
   * A moved or cancelled booking: its queued reminders for any other start are removed (they would send nothing anyway); when this
   * plan queues the reminder of the booking's time, every other reminder of the booking goes, even one for the same
   * time (a move back to an earlier time), so exactly one is left.
   */
  dropRemindersOf?: { bookingId: number; keepStartsAt: Date; keepOnlyOwn: boolean };
}

/**
 * The e-mails of the events that cause nothing else, whatever their subject: those whose definition names the event
 * (`sentOn`). Each builder of an address change looks whether the new address has an account: a link, or a notice to
 * its owner (issue 32).
 */
export const emailsForEvent = (type: EventType): EmailTemplate[] =>
  emailDefinitions.filter((email) => email.sentOn?.includes(type)).map((email) => email.template);

const nothing: FanOutPlan = { emails: [], calendar: [] };

/** The reminder of a meeting, due 24 hours before it; none when that is already past. */
function reminderFor(booking: Booking, now: number): EmailJobPlan[] {
  const remindIn = booking.startsAt.getTime() - REMINDER_LEAD_MS - now;
  return remindIn > 0
    ? [
        {
          template: 'booking-reminder',
          delayMs: remindIn,
          reminder: { bookingId: booking.id, startsAt: booking.startsAt },
        },
      ]
    : [];
}

/** The company calendar follows the booking: its event put (or removed), the busy times read again. */
const calendarJobs = (bookingId: number, name: CalendarJobName): CalendarJobPlan[] => [
  { name, data: { bookingId } },
  { name: CalendarJobNames.syncBusy, data: {} },
];

/**
 * Which jobs a domain event causes. Booking events look at the booking: the scheduling service confirms and
 * reminds its own bookings (D17), and the reminder is due 24 hours before the meeting (skipped when that is past).
 */
export async function planForEvent(
  db: Database,
  event: { type: EventType; payload: unknown },
  now = Date.now(),
): Promise<FanOutPlan> {
  switch (event.type) {
    case EventTypes.bookingCreated: {
      const { bookingId } = v.parse(EventPayloadSchemas[event.type], event.payload);
      const booking = await findBooking(db, bookingId);
      if (!booking) return nothing;
      const emails: EmailJobPlan[] = [{ template: 'booking-notification' }];
      if (booking.source === 'form') emails.push({ template: 'booking-confirmation' }, ...reminderFor(booking, now));
      return { emails, calendar: calendarJobs(bookingId, CalendarJobNames.putBooking) };
    }
    case EventTypes.bookingRescheduled: {
      // The visitor hears of the move with an updated invite (our bookers only, D17), the company of who moved it
      // where; the calendar event moves in place; the reminder moves with the meeting (issue 16).
      const { bookingId, changeId } = v.parse(EventPayloadSchemas[event.type], event.payload);
      const [booking, change] = await Promise.all([findBooking(db, bookingId), findBookingChange(db, changeId)]);
      if (!booking || !change) return nothing;
      const emails: EmailJobPlan[] = [{ template: 'booking-moved-notification' }];
      // This move's time is still the booking's (a later move has not overtaken it): that time gets the reminder.
      const current = change.toStartsAt?.getTime() === booking.startsAt.getTime();
      const ours = booking.source === 'form' && booking.status === 'confirmed';
      const reminder = ours && current ? reminderFor(booking, now) : [];
      if (ours) emails.push({ template: 'booking-moved' }, ...reminder);
      return {
        emails,
        calendar: calendarJobs(bookingId, CalendarJobNames.putBooking),
        dropRemindersOf: { bookingId, keepStartsAt: booking.startsAt, keepOnlyOwn: reminder.length > 0 },
      };
    }
    case EventTypes.bookingCancelled: {
      const { bookingId } = v.parse(EventPayloadSchemas[event.type], event.payload);
      const booking = await findBooking(db, bookingId);
      if (!booking) return nothing;
      const emails: EmailJobPlan[] = [{ template: 'booking-cancelled-notification' }];
      if (booking.source === 'form') emails.push({ template: 'booking-cancelled' });
      return {
        emails,
        calendar: calendarJobs(bookingId, CalendarJobNames.removeBooking),
        // Its reminders would send nothing now; off the queue with them (keeping only its own: none).
        dropRemindersOf: { bookingId, keepStartsAt: booking.startsAt, keepOnlyOwn: true },
      };
    }
    default:
      return { emails: emailsForEvent(event.type).map((template) => ({ template })), calendar: [] };
  }
}
