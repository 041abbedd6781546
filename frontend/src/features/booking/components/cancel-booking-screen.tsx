import { BookingMessages } from '@app/contracts/api/booking';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarX2, CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { LoadingStatus, Spinner } from '../../../components/ui/spinner';
import { failureMessage, isApiRequestError } from '../../../lib/api';
import { useCancelBooking } from '../api/booking.mutations';
import { cancelBookingQueryOptions } from '../api/booking.queries';
import { BookingSummaryList } from './booking-summary';

export const CANCELLED_MESSAGE = "Your consultation has been cancelled. We've e-mailed you a confirmation.";
export const ALREADY_CANCELLED_MESSAGE = 'This consultation has already been cancelled.';
const INVALID_LINK_MESSAGE = BookingMessages.invalidCancelLink;

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16 sm:px-6 sm:py-20">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        Cancel Consultation
      </h1>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        {children}
      </div>
    </div>
  );
}

function BookAgainLink({ children = 'Book a consultation' }: { children?: ReactNode }) {
  return (
    <Link
      to="/book-consultation"
      className={buttonClass({ variant: 'primary', className: 'mt-6' })}
      data-testid="cancel-book-again"
    >
      {children}
    </Link>
  );
}

function Invalid() {
  return (
    <div data-testid="cancel-invalid">
      <div className="flex items-start gap-3">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-red-700 dark:text-red-400" />
        <p role="alert" className="font-medium text-slate-900 dark:text-white">
          {INVALID_LINK_MESSAGE}
        </p>
      </div>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
        Please use the link in your most recent confirmation e-mail, or book a new time.
      </p>
      <BookAgainLink />
    </div>
  );
}

function CancelBooking({ token }: { token: string }) {
  const booking = useQuery(cancelBookingQueryOptions(token));
  const cancel = useCancelBooking(token);

  if (cancel.isSuccess)
    return (
      <div data-testid="cancel-success">
        <Alert variant="success">{CANCELLED_MESSAGE}</Alert>
        <BookAgainLink>Book another time</BookAgainLink>
      </div>
    );

  if (booking.isPending)
    return (
      <LoadingStatus className="text-sm" spinnerClassName="size-5" data-testid="cancel-loading">
        Loading your booking...
      </LoadingStatus>
    );

  if (booking.isError) {
    if (isApiRequestError(booking.error) && [400, 404, 410, 422].includes(booking.error.status)) return <Invalid />;
    return (
      <div data-testid="cancel-load-error">
        <Alert variant="error">We couldn't load your booking. Please try again later.</Alert>
      </div>
    );
  }

  const summary = booking.data;
  if (summary.status === 'cancelled')
    return (
      <div data-testid="cancel-already">
        <div className="flex items-start gap-3">
          <CalendarX2 aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-slate-500 dark:text-slate-400" />
          <p className="font-medium text-slate-900 dark:text-white">{ALREADY_CANCELLED_MESSAGE}</p>
        </div>
        <div className="mt-5">
          <BookingSummaryList booking={summary} testIdPrefix="cancel" />
        </div>
        <BookAgainLink>Book another time</BookAgainLink>
      </div>
    );

  const cancelInvalid = cancel.isError && isApiRequestError(cancel.error) && cancel.error.status === 404;
  if (cancelInvalid) return <Invalid />;

  return (
    <div data-testid="cancel-confirmed">
      <p className="text-slate-700 dark:text-slate-300">Do you want to cancel this consultation?</p>
      <div className="mt-5">
        <BookingSummaryList booking={summary} testIdPrefix="cancel" />
      </div>
      {cancel.isError ? (
        <Alert variant="error" className="mt-5" data-testid="cancel-error">
          {failureMessage(cancel.error, "We couldn't cancel your consultation. Please try again.")}
        </Alert>
      ) : null}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button
          variant="destructive"
          onClick={() => cancel.mutate()}
          disabled={cancel.isPending}
          aria-busy={cancel.isPending || undefined}
          data-testid="cancel-submit"
        >
          {cancel.isPending ? (
            <>
              <Spinner />
              Cancelling...
            </>
          ) : (
            'Cancel consultation'
          )}
        </Button>
        <Link to="/" className={buttonClass({ variant: 'outline' })}>
          Keep my booking
        </Link>
      </div>
    </div>
  );
}

/** /booking/cancel?token= (D15): the booking of an e-mailed link and a button to cancel it. */
export function CancelBookingScreen({ token }: { token: string | undefined }) {
  return <Frame>{token ? <CancelBooking token={token} /> : <Invalid />}</Frame>;
}
