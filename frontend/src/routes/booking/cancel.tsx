import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { cancelBookingQueryOptions } from '../../features/booking/api/booking.queries';
import { CancelBookingScreen } from '../../features/booking/components/cancel-booking-screen';
import { pageTitle } from '../../lib/page-title';
import { searchToken } from '../../lib/search-token';

export interface CancelBookingSearch {
  /** The token of the cancel link e-mailed with the confirmation (D15); without it the link is invalid. */
  token?: string | undefined;
}

export const Route = createFileRoute('/booking/cancel')({
  validateSearch: (search: Record<string, unknown>): CancelBookingSearch => ({ token: searchToken(search.token) }),
  loaderDeps: ({ search }) => ({ token: search.token }),
  // Started, not awaited: the page shows its loading state meanwhile.
  loader: ({ context, deps }) => {
    if (deps.token) void context.queryClient.prefetchQuery(cancelBookingQueryOptions(deps.token));
  },
  head: () => ({ meta: [{ title: pageTitle('Cancel Consultation') }, { name: 'robots', content: 'noindex' }] }),
  component: CancelBookingPage,
});

function CancelBookingPage() {
  // Not `Route`: the page's code-split chunk then needs nothing of this file, which stays in the entry.
  const routeApi = getRouteApi('/booking/cancel');
  const { token } = routeApi.useSearch();
  return <CancelBookingScreen token={token} />;
}
