import { type CalendarJob, type CalendarJobName, CalendarJobNames } from '@app/contracts/server';
import type { Database } from '@app/db';
import { bookingCalendar } from '@app/platform/booking-calendar';
import type { Job } from 'bullmq';
import type { Logger } from 'pino';
import { busyIntervals } from '../../calendar/busy';
import type { CalendarClient } from '../../calendar/caldav';
import { CalendarLocks, withCalendarLock } from '../../calendar/lock';
import {
  bookingCalendarUids,
  findBooking,
  replaceCalendarBusy,
  setCalendarHref,
} from '../../repositories/bookings.repository';

/** How far ahead the busy times are copied (D16). */
const BUSY_WINDOW_DAYS = 60;

export interface CalendarDeps {
  db: Database;
  /** Null when no CalDAV calendar is configured: every job is then a no-op. */
  calendar: CalendarClient | null;
  companyEmail: string;
  appUrl: string;
  timeZone: string;
  /** MEETING_URL_TEMPLATE: the video call link the event carries (issue 16). */
  meetingUrlTemplate?: string | undefined;
  logger: Logger;
  /** Where the busy-time window starts (now; a test sets another day). */
  now?: () => Date;
}

const bookingIdOf = (job: Job<CalendarJob>) => {
  const id = (job.data as { bookingId?: unknown }).bookingId;
  if (typeof id !== 'number') throw new Error(`calendar job ${job.name} needs a bookingId`);
  return id;
};

/**
 * Makes the calendar agree with the booking: a confirmed booking's event is PUT (overwriting: idempotent), a
 * cancelled one's DELETEd. A moved booking's event is PUT where it already is (its href), with the same UID and the
 * booking's new times and SEQUENCE: updated in place, never a second event (issue 16). Both job kinds do this, so they may run in either order; after a PUT the status is read
 * again, so a cancellation committed meanwhile still removes the event.
 */
async function reconcileBooking(bookingId: number, calendar: CalendarClient, deps: CalendarDeps) {
  const booking = await findBooking(deps.db, bookingId);
  if (!booking) return { status: 'skipped' as const };
  let href = booking.calendarHref;
  if (booking.status === 'confirmed') {
    href = await calendar.putEvent(
      booking.calendarUid,
      bookingCalendar(booking, {
        companyEmail: deps.companyEmail,
        appUrl: deps.appUrl,
        timeZone: deps.timeZone,
        meetingUrlTemplate: deps.meetingUrlTemplate,
      }),
      href,
    );
    await setCalendarHref(deps.db, booking.id, href);
    const now = await findBooking(deps.db, bookingId);
    if (now?.status !== 'cancelled') return { status: 'put' as const, href };
  }
  // A cancelled booking: its event is where we PUT it ({uid}.ics), whether or not the href was saved.
  await calendar.removeEvent(href ?? `${encodeURIComponent(booking.calendarUid)}.ics`);
  await setCalendarHref(deps.db, booking.id, null);
  return { status: 'removed' as const };
}

export async function processCalendarJob(job: Job<CalendarJob>, deps: CalendarDeps) {
  const calendar = deps.calendar;
  if (!calendar) return { status: 'no-calendar' as const };
  switch (job.name as CalendarJobName) {
    case CalendarJobNames.putBooking:
    case CalendarJobNames.removeBooking: {
      // Across every worker process, one job of a booking at a time (a PUT racing a DELETE could leave the event of
      // a cancelled booking in the calendar); other bookings' jobs go on meanwhile.
      const bookingId = bookingIdOf(job);
      const result = await withCalendarLock(deps.db, CalendarLocks.booking(bookingId), () =>
        reconcileBooking(bookingId, calendar, deps),
      );
      deps.logger.info({ jobId: job.id, job: job.name, ...result }, 'calendar event reconciled');
      return result;
    }
    case CalendarJobNames.syncBusy: {
      // One sync at a time across the processes: an older read must not overwrite a newer one.
      return withCalendarLock(deps.db, CalendarLocks.busySync(), async () => {
        const from = deps.now?.() ?? new Date();
        const to = new Date(from.getTime() + BUSY_WINDOW_DAYS * 24 * 3600_000);
        const [texts, skipUids] = await Promise.all([calendar.fetchEvents(from, to), bookingCalendarUids(deps.db)]);
        let unreadable = 0;
        const intervals = busyIntervals(texts, {
          from,
          to,
          skipUids,
          timeZone: deps.timeZone,
          onUnreadable: (error) => {
            unreadable++;
            deps.logger.warn({ jobId: job.id, err: error }, 'a calendar event could not be read; it blocks nothing');
          },
        });
        await replaceCalendarBusy(deps.db, intervals);
        deps.logger.info(
          { jobId: job.id, events: texts.length, unreadable, busy: intervals.length },
          'calendar busy times synced',
        );
        return { status: 'synced' as const, busy: intervals.length };
      });
    }
    default:
      throw new Error(`Unknown calendar job: ${job.name}`);
  }
}
