import { createFileRoute } from '@tanstack/react-router';
import { cancelBookingQueryOptions } from '../../features/booking/api/booking.queries';
import { CancelBookingScreen } from '../../features/booking/components/cancel-booking-screen';
import { linkPage, validateLinkSearch } from '../../lib/link-route';
import { pageTitle } from '../../lib/page-title';

/** The cancel link e-mailed with the confirmation (D15); without its token the link is invalid. */
export const Route = createFileRoute('/booking/cancel')({
  validateSearch: validateLinkSearch,
  loaderDeps: ({ search }) => ({ token: search.token }),
  // Started, not awaited: the page shows its loading state meanwhile. Code-split with the page, so the booking
  // queries stay out of every other page's JavaScript.
  loader: ({ context, deps }) => {
    if (deps.token) void context.queryClient.prefetchQuery(cancelBookingQueryOptions(deps.token));
  },
  head: () => ({ meta: [{ title: pageTitle('Cancel Consultation') }, { name: 'robots', content: 'noindex' }] }),
  component: linkPage(CancelBookingScreen),
});
