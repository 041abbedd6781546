import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarX2 } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage, isApiRequestError } from '../../../lib/api';
import { useCancelBooking } from '../api/booking.mutations';
import { cancelBookingQueryOptions } from '../api/booking.queries';
import {
  BookingLinkFrame,
  BookingLoadState,
  BookingNotice,
  InvalidBookingLink,
  NewBookingLink,
} from './booking-link-page';
import { BookingSummaryList } from './booking-summary';

export const CANCELLED_MESSAGE = "Your consultation has been cancelled. We've e-mailed you a confirmation.";
export const ALREADY_CANCELLED_MESSAGE = 'This consultation has already been cancelled.';

function CancelBooking({ token }: { token: string }) {
  const booking = useQuery(cancelBookingQueryOptions(token));
  const cancel = useCancelBooking(token);

  if (cancel.isSuccess)
    return (
      <div data-testid="cancel-success">
        <Alert variant="success">{CANCELLED_MESSAGE}</Alert>
        <NewBookingLink kind="cancel">Book another time</NewBookingLink>
      </div>
    );

  if (booking.isPending || booking.isError) return <BookingLoadState booking={booking} kind="cancel" />;

  const summary = booking.data;
  if (summary.status === 'cancelled')
    return (
      <div data-testid="cancel-already">
        <BookingNotice icon={CalendarX2} tone="muted">
          {ALREADY_CANCELLED_MESSAGE}
        </BookingNotice>
        <div className="mt-5">
          <BookingSummaryList booking={summary} testIdPrefix="cancel" />
        </div>
        <NewBookingLink kind="cancel">Book another time</NewBookingLink>
      </div>
    );

  const cancelInvalid = cancel.isError && isApiRequestError(cancel.error) && cancel.error.status === 404;
  if (cancelInvalid) return <InvalidBookingLink kind="cancel" />;

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
  return <BookingLinkFrame kind="cancel" token={token} Content={CancelBooking} />;
}
