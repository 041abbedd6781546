import { createFileRoute } from '@tanstack/react-router';
import { rescheduleBookingQueryOptions } from '../../features/booking/api/booking.queries';
import { RescheduleBookingScreen } from '../../features/booking/components/reschedule-booking-screen';
import { linkPage, prefetchLink, unlistedLinkRoute } from '../../lib/link-route';

/**
 * The reschedule link of the booking's e-mails (issue 16); without its token the link is invalid. Its booking is a
 * GET, so opening the link changes nothing.
 */
export const Route = createFileRoute('/booking/reschedule')({
  ...unlistedLinkRoute('Reschedule Consultation'),
  loader: prefetchLink(rescheduleBookingQueryOptions),
  component: linkPage(RescheduleBookingScreen),
});
