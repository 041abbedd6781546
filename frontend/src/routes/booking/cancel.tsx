import { createFileRoute } from '@tanstack/react-router';
import { cancelBookingQueryOptions } from '../../features/booking/api/booking.queries';
import { CancelBookingScreen } from '../../features/booking/components/cancel-booking-screen';
import { linkPage, prefetchLink, unlistedLinkRoute } from '../../lib/link-route';

/** The cancel link e-mailed with the confirmation (D15); without its token the link is invalid. */
export const Route = createFileRoute('/booking/cancel')({
  ...unlistedLinkRoute('Cancel Consultation'),
  loader: prefetchLink(cancelBookingQueryOptions),
  component: linkPage(CancelBookingScreen),
});
