import { createFileRoute } from '@tanstack/react-router';
import { rescheduleBookingQueryOptions } from '../../features/booking/api/booking.queries';
import { RescheduleBookingScreen } from '../../features/booking/components/reschedule-booking-screen';
import { linkPage, validateLinkSearch } from '../../lib/link-route';
import { pageTitle } from '../../lib/page-title';

/** The reschedule link of the booking's e-mails (issue 16); without its token the link is invalid. */
export const Route = createFileRoute('/booking/reschedule')({
  validateSearch: validateLinkSearch,
  loaderDeps: ({ search }) => ({ token: search.token }),
  // Started, not awaited (the page shows its loading state meanwhile); a GET, so opening the link changes nothing.
  loader: ({ context, deps }) => {
    if (deps.token) void context.queryClient.prefetchQuery(rescheduleBookingQueryOptions(deps.token));
  },
  head: () => ({ meta: [{ title: pageTitle('Reschedule Consultation') }, { name: 'robots', content: 'noindex' }] }),
  component: linkPage(RescheduleBookingScreen),
});
