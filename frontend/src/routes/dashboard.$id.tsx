import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { useCurrentUser } from '../features/auth/api/auth.queries';
import { publicDashboardsQueryOptions } from '../features/marketing/api/public-dashboards.queries';
import { SampleDashboardsPage } from '../features/marketing/components/sample-dashboards-page';
import { pageTitle } from '../lib/page-title';

/** The sample dashboards page with the dashboard `id` preselected when it is public (spec section 2). */
export const Route = createFileRoute('/dashboard/$id')({
  head: () => ({ meta: [{ title: pageTitle('Sample Dashboards') }] }),
  // Started, not awaited: the page shows its skeleton meanwhile (and is prerendered that way, D25). In beforeLoad,
  // which stays in the route tree, rather than in the loader, which is code-split with the page: the list (which the
  // page's largest picture waits for) is requested before the page's code has arrived.
  beforeLoad: ({ context }) => {
    void context.queryClient.prefetchQuery(publicDashboardsQueryOptions());
  },
  component: DashboardPage,
});

function DashboardPage() {
  // Not `Route`: the page's code-split chunk then needs nothing of this file, which stays in the entry.
  const routeApi = getRouteApi('/dashboard/$id');
  const { id } = routeApi.useParams();
  const { isLoading, isAuthenticated } = useCurrentUser();
  return <SampleDashboardsPage routeId={id} signedIn={isLoading ? undefined : isAuthenticated} />;
}
