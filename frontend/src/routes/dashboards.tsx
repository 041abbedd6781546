import { createFileRoute } from '@tanstack/react-router';
import { useCurrentUser } from '../features/auth/api/auth.queries';
import { publicDashboardsQueryOptions } from '../features/marketing/api/public-dashboards.queries';
import { SampleDashboardsPage } from '../features/marketing/components/sample-dashboards-page';
import { marketingHead } from '../lib/seo';

export const Route = createFileRoute('/dashboards')({
  head: () => marketingHead('/dashboards'),
  // Started, not awaited: the page shows its skeleton meanwhile (and is prerendered that way, D25). In beforeLoad,
  // which stays in the route tree, rather than in the loader, which is code-split with the page: the list (which the
  // page's largest picture waits for) is requested before the page's code has arrived.
  beforeLoad: ({ context }) => {
    void context.queryClient.prefetchQuery(publicDashboardsQueryOptions());
  },
  component: DashboardsPage,
});

function DashboardsPage() {
  const { isLoading, isAuthenticated } = useCurrentUser();
  return <SampleDashboardsPage signedIn={isLoading ? undefined : isAuthenticated} />;
}
