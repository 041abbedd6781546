import { BookingMessages } from '@app/contracts/api/booking';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CircleAlert, type LucideIcon } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button';
import { LoadingStatus } from '../../../components/ui/spinner';
import { isApiRequestError } from '../../../lib/api';
import { cn } from '../../../lib/cn';

/**
 * The parts the pages of a booking's e-mailed links share (/booking/cancel, D15; /booking/reschedule, issue 16): the
 * page with its title and card, the link to a new booking, the notice of an unusable link, and the booking's loading.
 */

/**
 * Each link's page (its test ids' prefix): its h1 and card width, what it says of an unknown or expired link, and its
 * link to a new booking (test id and usual label).
 */
const LINKS = {
  cancel: {
    title: 'Cancel Consultation',
    width: 'max-w-xl',
    invalid: BookingMessages.invalidCancelLink,
    hint: 'Please use the link in your most recent confirmation e-mail, or book a new time.',
    newBooking: { testId: 'cancel-book-again', label: 'Book a consultation' },
  },
  reschedule: {
    title: 'Reschedule Consultation',
    width: 'max-w-3xl',
    invalid: BookingMessages.invalidManageLink,
    hint: 'Please use the link in your most recent e-mail about this consultation, or book a new time.',
    newBooking: { testId: 'reschedule-book-new', label: 'Book a new consultation' },
  },
} as const;

export type BookingLinkKind = keyof typeof LINKS;

/** The page: its h1 (the link's action) above one card, holding `Content` for the link's token, else the notice. */
export function BookingLinkFrame({
  kind,
  token,
  Content,
}: {
  kind: BookingLinkKind;
  token: string | undefined;
  Content: ComponentType<{ token: string }>;
}) {
  return (
    <div className={cn('mx-auto w-full px-4 py-16 sm:px-6 sm:py-20', LINKS[kind].width)}>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        {LINKS[kind].title}
      </h1>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        {token ? <Content token={token} /> : <InvalidBookingLink kind={kind} />}
      </div>
    </div>
  );
}

const NOTICE_ICON_TONES = {
  error: 'text-red-700 dark:text-red-400',
  warning: 'text-amber-700 dark:text-amber-400',
  muted: 'text-slate-500 dark:text-slate-400',
} as const;

/** The card's leading line: an icon in `tone` beside what happened to the link or its booking, in bold. */
export function BookingNotice({
  icon: Icon,
  tone,
  children,
  ...rest
}: {
  icon: LucideIcon;
  tone: keyof typeof NOTICE_ICON_TONES;
  children: ReactNode;
  role?: 'alert';
  'data-testid'?: string;
}) {
  return (
    <div className="flex items-start gap-3">
      <Icon aria-hidden="true" className={`mt-0.5 size-6 shrink-0 ${NOTICE_ICON_TONES[tone]}`} />
      <p className="font-medium text-slate-900 dark:text-white" {...rest}>
        {children}
      </p>
    </div>
  );
}

/** The way on to the booking page, below what the page says (the page's usual label unless given). */
export function NewBookingLink({ kind, children }: { kind: BookingLinkKind; children?: ReactNode }) {
  const { testId, label } = LINKS[kind].newBooking;
  return (
    <Link
      to="/book-consultation"
      className={buttonClass({ variant: 'primary', className: 'mt-6' })}
      data-testid={testId}
    >
      {children ?? label}
    </Link>
  );
}

/** An unknown or expired link (`kind`-invalid): the API's message, what to use instead, and a new booking. */
export function InvalidBookingLink({ kind }: { kind: BookingLinkKind }) {
  return (
    <div data-testid={`${kind}-invalid`}>
      <BookingNotice icon={CircleAlert} tone="error" role="alert">
        {LINKS[kind].invalid}
      </BookingNotice>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{LINKS[kind].hint}</p>
      <NewBookingLink kind={kind} />
    </div>
  );
}

/**
 * While the link's booking loads (`kind`-loading), or when it could not be loaded: the invalid-link notice for a link
 * the API does not know or no longer takes, else an error (`kind`-load-error). Nothing once the booking is there.
 */
export function BookingLoadState({ booking, kind }: { booking: UseQueryResult<unknown>; kind: BookingLinkKind }) {
  if (booking.isPending)
    return (
      <LoadingStatus className="text-sm" spinnerClassName="size-5" data-testid={`${kind}-loading`}>
        Loading your booking...
      </LoadingStatus>
    );
  if (!booking.isError) return null;
  if (isApiRequestError(booking.error) && [400, 404, 410, 422].includes(booking.error.status))
    return <InvalidBookingLink kind={kind} />;
  return (
    <Alert variant="error" data-testid={`${kind}-load-error`}>
      We couldn't load your booking. Please try again later.
    </Alert>
  );
}
