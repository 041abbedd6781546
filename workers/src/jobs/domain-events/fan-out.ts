import {
  type CalendarJob,
  type CalendarJobName,
  CalendarJobNames,
  type EmailTemplate,
  EventPayloadSchemas,
  type EventType,
  EventTypes,
} from '@app/contracts';
import type { Database } from '@app/db';
import * as v from 'valibot';
import { emailDefinitions } from '../../emails/index';
import { findBooking } from '../../repositories/bookings.repository';

/** The reminder goes out this long before the meeting (D14). */
const REMINDER_LEAD_MS = 24 * 3600_000;

interface EmailJobPlan {
  template: EmailTemplate;
  /** Send no sooner than this many milliseconds from now (a BullMQ delayed job). */
  delayMs?: number;
}

interface CalendarJobPlan {
  name: CalendarJobName;
  data: CalendarJob;
}

export interface FanOutPlan {
  emails: EmailJobPlan[];
  calendar: CalendarJobPlan[];
}

/**
 * The e-mails of the events that cause nothing else, whatever their subject: those whose definition names the event
 * (`sentOn`). Each builder of an address change looks whether the new address has an account: a link, or a notice to
 * its owner (issue 32).
 */
export const emailsForEvent = (type: EventType): EmailTemplate[] =>
  emailDefinitions.filter((email) => email.sentOn?.includes(type)).map((email) => email.template);

const nothing: FanOutPlan = { emails: [], calendar: [] };

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
      if (booking.source === 'form') {
        emails.push({ template: 'booking-confirmation' });
        const remindIn = booking.startsAt.getTime() - REMINDER_LEAD_MS - now;
        if (remindIn > 0) emails.push({ template: 'booking-reminder', delayMs: remindIn });
      }
      return {
        emails,
        calendar: [
          { name: CalendarJobNames.putBooking, data: { bookingId } },
          { name: CalendarJobNames.syncBusy, data: {} },
        ],
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
        calendar: [
          { name: CalendarJobNames.removeBooking, data: { bookingId } },
          { name: CalendarJobNames.syncBusy, data: {} },
        ],
      };
    }
    default:
      return { emails: emailsForEvent(event.type).map((template) => ({ template })), calendar: [] };
  }
}
