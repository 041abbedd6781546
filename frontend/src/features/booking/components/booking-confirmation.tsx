import type { BookingConfirmation as Confirmation } from '@app/contracts';
import { CalendarClock, CalendarPlus, CircleCheck, XCircle } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatSlot, sameClock, timeZoneLabel, visitorTimeZone } from '../utils/booking-dates';

const BOOKING_CONFIRMED_HEADING = 'Your consultation is booked';

export interface BookingConfirmationProps {
  confirmation: Confirmation;
  /** The spec's success banner text. */
  message: string;
  /** The visitor's own zone (the browser's by default). */
  visitorZone?: string | undefined;
  onBookAnother: () => void;
  /** Prefix of the data-testids (`${prefix}-success`, `${prefix}-confirmation-...`). */
  testIdPrefix?: string;
}

const linkClass =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg px-4 text-sm font-semibold transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:focus-visible:outline-blue-400';

const secondaryClass =
  'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800';

/**
 * What the visitor sees in place of the form once booked (issue 12, item 5): when (in the company's zone and in their
 * own), where the confirmation went, the booking's calendar file and its cancel link. It takes the focus and scrolls
 * into view, so it is never out of sight above the fold.
 */
export function BookingConfirmation({
  confirmation,
  message,
  visitorZone = visitorTimeZone(),
  onBookAnother,
  testIdPrefix = 'booking',
}: BookingConfirmationProps) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.focus({ preventScroll: true });
    element.scrollIntoView?.({ block: 'start', behavior: 'auto' });
  }, []);

  const startsAt = new Date(confirmation.startsAt);
  const endsAt = new Date(confirmation.endsAt);
  const valid = !Number.isNaN(startsAt.getTime()) && !Number.isNaN(endsAt.getTime());
  const companyWhen = valid
    ? formatSlot(startsAt, endsAt, confirmation.timeZone)
    : `${confirmation.date}, ${confirmation.time}`;
  // One time when the visitor's clock shows the company's.
  const visitorWhen =
    valid && !sameClock(startsAt, confirmation.timeZone, visitorZone)
      ? formatSlot(startsAt, endsAt, visitorZone)
      : null;
  const id = `${testIdPrefix}-confirmation-heading`;

  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={id}
      className="scroll-mt-28 flex flex-col gap-5 outline-none"
      data-testid={`${testIdPrefix}-confirmation`}
    >
      <div className="flex items-start gap-3">
        <CircleCheck aria-hidden="true" className="mt-1 size-7 shrink-0 text-green-700 dark:text-green-400" />
        <div>
          <h2 id={id} className="text-xl font-semibold text-slate-900 dark:text-white">
            {BOOKING_CONFIRMED_HEADING}
          </h2>
          <p
            role="status"
            className="mt-1 text-sm text-slate-700 dark:text-slate-300"
            data-testid={`${testIdPrefix}-success`}
          >
            {message}
          </p>
        </div>
      </div>

      <dl className="grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm sm:p-5 dark:border-slate-700 dark:bg-slate-800/60">
        <Fact
          term={`Our time: ${timeZoneLabel(confirmation.timeZone)}`}
          data-testid={`${testIdPrefix}-confirmation-company-time`}
        >
          {companyWhen}
        </Fact>
        {visitorWhen ? (
          <Fact
            term={`Your time: ${timeZoneLabel(visitorZone)}`}
            data-testid={`${testIdPrefix}-confirmation-visitor-time`}
          >
            {visitorWhen}
          </Fact>
        ) : null}
        <Fact
          term="Confirmation e-mail sent to"
          className="break-all"
          data-testid={`${testIdPrefix}-confirmation-email`}
        >
          {confirmation.email}
        </Fact>
      </dl>

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {confirmation.calendarUrl ? (
          <a
            href={confirmation.calendarUrl}
            download="consultation.ics"
            className={`${linkClass} bg-blue-700 text-white shadow-sm hover:bg-blue-800 dark:bg-blue-600 dark:hover:bg-blue-700`}
            data-testid={`${testIdPrefix}-add-to-calendar`}
          >
            <CalendarPlus aria-hidden="true" className="size-4" />
            Add to calendar (.ics)
          </a>
        ) : null}
        <CalendarLink href={confirmation.googleCalendarUrl} testId={`${testIdPrefix}-add-to-google`}>
          Add to Google Calendar
        </CalendarLink>
        <CalendarLink href={confirmation.outlookCalendarUrl} testId={`${testIdPrefix}-add-to-outlook`}>
          Add to Outlook
        </CalendarLink>
        {confirmation.rescheduleUrl ? (
          <a
            href={confirmation.rescheduleUrl}
            className={`${linkClass} ${secondaryClass}`}
            data-testid={`${testIdPrefix}-reschedule-link`}
          >
            <CalendarClock aria-hidden="true" className="size-4" />
            Move to another time
          </a>
        ) : null}
        {confirmation.cancelUrl ? (
          <a
            href={confirmation.cancelUrl}
            className={`${linkClass} ${secondaryClass}`}
            data-testid={`${testIdPrefix}-cancel-link`}
          >
            <XCircle aria-hidden="true" className="size-4" />
            Cancel this consultation
          </a>
        ) : null}
        <Button variant="ghost" size="md" onClick={onBookAnother} data-testid={`${testIdPrefix}-book-another`}>
          Book another time
        </Button>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {confirmation.cancelUrl
          ? 'The e-mail has the calendar invite and a cancel link too.'
          : 'The e-mail has the calendar invite and a link to cancel.'}
      </p>
    </section>
  );
}

/** One fact of the booking: what it is, then its value. */
function Fact({
  term,
  className,
  children,
  'data-testid': testId,
}: {
  term: string;
  className?: string;
  children: ReactNode;
  'data-testid': string;
}) {
  return (
    <div>
      <dt className="font-medium text-slate-600 dark:text-slate-400">{term}</dt>
      <dd
        className={cn('mt-0.5', className, 'text-base font-semibold text-slate-900 dark:text-white')}
        data-testid={testId}
      >
        {children}
      </dd>
    </div>
  );
}

/** A web calendar's page for adding the consultation, in a new tab. */
function CalendarLink({ href, testId, children }: { href: string; testId: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`${linkClass} ${secondaryClass}`}
      data-testid={testId}
    >
      <CalendarPlus aria-hidden="true" className="size-4" />
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
