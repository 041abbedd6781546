import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, getRouteApi, notFound } from '@tanstack/react-router';
import { NotFoundPage } from '../../../components/layout/lazy-not-found-page';
import { PageContainer } from '../../../components/layout/page-header';
import { LoadingStatus } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../features/auth/api/auth.queries';
import {
  dashboardDetailQueryOptions,
  loadDashboardDetail,
  portalOrganizationsQueryOptions,
} from '../../../features/portal/api/portal.queries';
import { DashboardViewPage } from '../../../features/portal/components/dashboard-view-page';
import { PausedAccess, pausedOnly } from '../../../features/portal/components/paused-access';
import { pageTitle } from '../../../lib/page-title';

/**
 * One dashboard of the client's organizations (spec section 2). The API answers 404 for a dashboard that does not
 * exist or is not the caller's (D10): the site's 404 page then, as for any unknown path. The loader only reads the
 * dashboard, which records nothing: the router also runs it when a 'View Dashboard' link is hovered (intent preload).
 * The view is recorded by the viewer once it is shown (D33).
 */
export const Route = createFileRoute('/client/dashboard/$id')({
  // An admin's preview: the admin page it was opened from, where 'Exit preview' returns (issue 27). Checked again
  // where it is used (an admin page of this site only).
  validateSearch: (search: Record<string, unknown>): { from?: string | undefined } => ({
    from: typeof search.from === 'string' && search.from.length <= 2000 ? search.from : undefined,
  }),
  loader: async ({ context, params }) => {
    if (!context.user) return { name: null };
    const dashboard = await loadDashboardDetail(context.queryClient, params.id);
    if (!dashboard) throw notFound();
    return { name: dashboard.name };
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.name ?? 'Dashboard') }] }),
  pendingComponent: DashboardPending,
  // Inside the portal's layout (its header and navigation), not the bare site 404 (issue 26).
  notFoundComponent: DashboardNotFound,
  component: DashboardRoute,
});

function DashboardRoute() {
  // Not `Route`: the page's code-split chunk then needs nothing of this file, which stays in the entry.
  const routeApi = getRouteApi('/client/dashboard/$id');
  const { id } = routeApi.useParams();
  const { from } = routeApi.useSearch();
  const { user } = useCurrentUser();
  const { data: dashboard } = useSuspenseQuery(dashboardDetailQueryOptions(id));
  return <DashboardViewPage dashboard={dashboard} user={user} previewFrom={from} />;
}

/**
 * A dashboard the API does not show this person (D10: missing, or not theirs): when every organization of theirs was
 * paused, that is why, and whom to contact; otherwise the site's 404, in the portal with its way back.
 */
function DashboardNotFound() {
  const { user } = useCurrentUser();
  const organizations = useQuery({ ...portalOrganizationsQueryOptions(), enabled: Boolean(user) });
  if (user && organizations.isPending)
    return (
      <PageContainer>
        <LoadingStatus>Loading...</LoadingStatus>
      </PageContainer>
    );
  const paused = pausedOnly(organizations.data);
  return paused.length > 0 ? (
    <PageContainer>
      <PausedAccess organizations={paused} heading="h1" />
    </PageContainer>
  ) : (
    <NotFoundPage />
  );
}

function DashboardPending() {
  return (
    <PageContainer>
      <LoadingStatus>Loading dashboard...</LoadingStatus>
    </PageContainer>
  );
}
