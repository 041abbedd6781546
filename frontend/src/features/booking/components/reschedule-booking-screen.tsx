import type { ReschedulableBooking, RescheduledBooking } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { rescheduleBookingQueryOptions } from '../api/booking.queries';
import { RescheduleForm } from '../forms/reschedule-form';
import { formatSlot, timeZoneLabel, visitorTimeZone } from '../utils/booking-dates';
import { BookingLinkFrame, BookingLoadState, BookingNotice, NewBookingLink } from './booking-link-page';
import { BookingSummaryList } from './booking-summary';

/** A booking that can no longer be moved: why (cancelled, past, within the notice period), and a new booking. */
function CannotMove({ booking }: { booking: ReschedulableBooking }) {
  return (
    <div data-testid="reschedule-refused">
      <BookingNotice icon={CircleAlert} tone="warning" data-testid="reschedule-reason">
        {booking.reason}
      </BookingNotice>
      <div className="mt-5">
        <BookingSummaryList booking={booking} testIdPrefix="reschedule-current" />
      </div>
      <NewBookingLink kind="reschedule" />
    </div>
  );
}

/** The moved booking: its new time in the company's zone and, when it differs, the visitor's own. */
function Moved({ moved }: { moved: RescheduledBooking }) {
  const ref = useRef<HTMLElement>(null);
  const [visitorZone] = useState(visitorTimeZone);
  useEffect(() => ref.current?.focus(), []);
  const startsAt = new Date(moved.startsAt);
  const endsAt = new Date(moved.endsAt);
  const ours = formatSlot(startsAt, endsAt, moved.timeZone);
  const yours = formatSlot(startsAt, endsAt, visitorZone);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="reschedule-moved-heading"
      className="flex flex-col gap-5 outline-none"
      data-testid="reschedule-success"
    >
      <div className="flex items-start gap-3">
        <CircleCheck aria-hidden="true" className="mt-1 size-7 shrink-0 text-green-700 dark:text-green-400" />
        <div>
          <h2 id="reschedule-moved-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
            New time confirmed
          </h2>
          <p role="status" className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {moved.message}
          </p>
        </div>
      </div>
      <dl className="grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm sm:p-5 dark:border-slate-700 dark:bg-slate-800/60">
        <div>
          <dt className="font-medium text-slate-600 dark:text-slate-400">New time: {timeZoneLabel(moved.timeZone)}</dt>
          <dd
            className="mt-0.5 text-base font-semibold text-slate-900 dark:text-white"
            data-testid="reschedule-new-time"
          >
            {ours}
          </dd>
        </div>
        {yours !== ours ? (
          <div>
            <dt className="font-medium text-slate-600 dark:text-slate-400">Your time: {timeZoneLabel(visitorZone)}</dt>
            <dd className="mt-0.5 text-base font-semibold text-slate-900 dark:text-white">{yours}</dd>
          </div>
        ) : null}
      </dl>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Your calendar invite is updated by the e-mail we send. This link keeps working if you need to move it again.
      </p>
    </section>
  );
}

function Reschedule({ token }: { token: string }) {
  const booking = useQuery(rescheduleBookingQueryOptions(token));
  const [moved, setMoved] = useState<RescheduledBooking | null>(null);

  if (moved) return <Moved moved={moved} />;

  if (booking.isPending || booking.isError) return <BookingLoadState booking={booking} kind="reschedule" />;

  const current = booking.data;
  if (!current.canReschedule) return <CannotMove booking={current} />;

  return (
    <div data-testid="reschedule-current" className="flex flex-col gap-6">
      <div>
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
          <CalendarClock aria-hidden="true" className="size-5 text-blue-700 dark:text-blue-400" />
          Your consultation
        </h2>
        <div className="mt-3">
          <BookingSummaryList booking={current} testIdPrefix="reschedule-current" />
        </div>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          Choose a new day and time below. Consultations can be moved up to {current.noticeHours} hours before they
          start.
        </p>
      </div>
      <RescheduleForm token={token} booking={current} onMoved={setMoved} />
    </div>
  );
}

/** /booking/reschedule?token= (issue 16): the booking of an e-mailed link and the picker to move it. */
export function RescheduleBookingScreen({ token }: { token: string | undefined }) {
  return <BookingLinkFrame kind="reschedule" token={token} Content={Reschedule} />;
}
