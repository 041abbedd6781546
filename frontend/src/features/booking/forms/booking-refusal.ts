import { BookingMessages } from '@app/contracts/api/booking';
import { isApiRequestError, tryAgainWhen } from '../../../lib/api';

/**
 * What the form says, once, at its top, when the API refused a booking for a reason the visitor can act on (issue 26):
 * the time was just taken (409), or too many bookings came from this connection (429, D8: when to try again). Null
 * for any other failure, which keeps the generic banner and toast.
 */
export function refusalText(error: unknown): string | null {
  if (isApiRequestError(error) && error.status === 409) return error.serverMessage ?? BookingMessages.taken;
  const when = tryAgainWhen(error);
  return when
    ? `Several consultations were booked from your connection in a short time, so this one was not booked. Please try again ${when}.`
    : null;
}
