import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, getRouteApi, notFound } from '@tanstack/react-router';
import { PageContainer } from '../../../components/layout/page-header';
import { LoadingStatus } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../features/auth/api/auth.queries';
import { dashboardDetailQueryOptions, loadDashboardDetail } from '../../../features/portal/api/portal.queries';
import { DashboardViewPage } from '../../../features/portal/components/dashboard-view-page';
import { pageTitle } from '../../../lib/page-title';

/**
 * One dashboard of the client's organizations (spec section 2). The API answers 404 for a dashboard that does not
 * exist or is not the caller's (D10): the site's 404 page then, as for any unknown path. The loader only reads the
 * dashboard, which records nothing: the router also runs it when a 'View Dashboard' link is hovered (intent preload).
 * The view is recorded by the viewer once it is shown (D33).
 */
export const Route = createFileRoute('/client/dashboard/$id')({
  loader: async ({ context, params }) => {
    if (!context.user) return { name: null };
    const dashboard = await loadDashboardDetail(context.queryClient, params.id);
    if (!dashboard) throw notFound();
    return { name: dashboard.name };
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.name ?? 'Dashboard') }] }),
  pendingComponent: DashboardPending,
  component: DashboardRoute,
});

function DashboardRoute() {
  // Not `Route`: the page's code-split chunk then needs nothing of this file, which stays in the entry.
  const routeApi = getRouteApi('/client/dashboard/$id');
  const { id } = routeApi.useParams();
  const { user } = useCurrentUser();
  const { data: dashboard } = useSuspenseQuery(dashboardDetailQueryOptions(id));
  return <DashboardViewPage dashboard={dashboard} user={user} />;
}

function DashboardPending() {
  return (
    <PageContainer>
      <LoadingStatus>Loading dashboard...</LoadingStatus>
    </PageContainer>
  );
}
