import { createFileRoute } from '@tanstack/react-router';
import { useCurrentUser } from '../features/auth/api/auth.queries';
import { publicDashboardsQueryOptions } from '../features/marketing/api/public-dashboards.queries';
import { SampleDashboardsPage } from '../features/marketing/components/sample-dashboards-page';
import { marketingHead } from '../lib/seo';

export const Route = createFileRoute('/dashboards')({
  head: () => marketingHead('/dashboards'),
  // Started, not awaited: the page shows its skeleton meanwhile (and is prerendered that way, D25).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(publicDashboardsQueryOptions());
  },
  component: DashboardsPage,
});

function DashboardsPage() {
  const { isLoading, isAuthenticated } = useCurrentUser();
  return <SampleDashboardsPage signedIn={isLoading ? undefined : isAuthenticated} />;
}
