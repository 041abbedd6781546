import { createFileRoute } from '@tanstack/react-router';
import { useCurrentUser } from '../../../features/auth/api/auth.queries';
import { organizationDashboardsQueryOptions } from '../../../features/portal/api/portal.queries';
import { ClientDashboardsPage } from '../../../features/portal/components/client-dashboards-page';
import { pageTitle } from '../../../lib/page-title';

/** The client's dashboards (spec section 2); 'Access Required' for anonymous visitors comes from the layout. */
export const Route = createFileRoute('/client/dashboard/')({
  head: () => ({
    meta: [
      { title: pageTitle('My Dashboards') },
      { name: 'description', content: "Your organization's dashboards from Lucid Insight, in the client portal." },
    ],
  }),
  // Started, not awaited: the page shows 'Loading your dashboards...' meanwhile (spec section 2).
  loader: ({ context }) => {
    if (context.user) void context.queryClient.prefetchQuery(organizationDashboardsQueryOptions());
  },
  component: ClientDashboardsRoute,
});

function ClientDashboardsRoute() {
  const { user } = useCurrentUser();
  return <ClientDashboardsPage user={user} />;
}
