import type { ClientDashboard } from '@app/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { LayoutDashboard, RefreshCw, SearchX } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { PageContainer } from '../../../components/layout/page-header';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadingStatus } from '../../../components/ui/spinner';
import { StatusMessage } from '../../../components/ui/status-message';
import { useDebounced } from '../../../lib/use-debounced';
import {
  organizationDashboardsQueryOptions,
  portalOrganizationsQueryOptions,
  useFavouriteMutation,
} from '../api/portal.queries';
import type { PortalUser } from '../utils/greeting';
import { favouritesFirst, searchDashboards } from '../utils/search';
import { DashboardCard } from './dashboard-card';
import { DashboardSearch } from './dashboard-search';
import { OrganizationBanner } from './organization-banner';
import { PausedAccess, pausedOnly } from './paused-access';
import { PortalWelcome } from './portal-header';

/** /client/dashboard (spec section 2, issue 18): the dashboards of the client's organizations. */
export function ClientDashboardsPage({ user }: { user: PortalUser | null }) {
  const query = useQuery(organizationDashboardsQueryOptions());
  const organizations = useQuery(portalOrganizationsQueryOptions());
  const active = (organizations.data ?? []).filter((o) => o.isActive);
  const paused = pausedOnly(organizations.data);
  return (
    <PageContainer>
      <div className="flex flex-col gap-6 border-b border-slate-200 pb-8 md:flex-row md:items-end md:justify-between dark:border-slate-800">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            Client Dashboard
          </h1>
          <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">
            The dashboards your organization has access to: your favourites first, then the most recently viewed.
          </p>
        </div>
        <PortalWelcome user={user}>
          <OrganizationBanner organizations={active} />
        </PortalWelcome>
      </div>
      <div className="mt-10">
        {paused.length > 0 && query.data?.length === 0 ? (
          <PausedAccess organizations={paused} />
        ) : (
          <DashboardsContent query={query} severalOrganizations={active.length > 1} />
        )}
      </div>
    </PageContainer>
  );
}

function DashboardsContent({
  query,
  severalOrganizations,
}: {
  query: UseQueryResult<ClientDashboard[]>;
  severalOrganizations: boolean;
}) {
  if (query.isPending)
    return (
      <LoadingStatus className="justify-center py-16" spinnerClassName="size-5" data-testid="dashboards-loading">
        Loading your dashboards...
      </LoadingStatus>
    );
  if (query.isError)
    return (
      <div className="flex flex-col items-start gap-4" data-testid="dashboards-error">
        <Alert variant="error">We couldn't load your dashboards. Please try again.</Alert>
        <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Try again
        </Button>
      </div>
    );
  if (query.data.length === 0)
    return (
      <Card className="flex flex-col items-center px-6 py-16 text-center" data-testid="dashboards-empty">
        <StatusMessage icon={LayoutDashboard} tone="slate" title="No Dashboards Available">
          Your organization does not have any dashboards assigned yet, contact your account manager.
        </StatusMessage>
      </Card>
    );
  return <DashboardsGrid dashboards={query.data} severalOrganizations={severalOrganizations} />;
}

/**
 * Favourites first and the server's order, as the list was first shown on this page: a star changes the card, not
 * its place, so the card never moves from under the pointer (issue 26). The next time the list is loaded (another
 * visit, a reload), starred ones come first. Dashboards that appear meanwhile go after the others.
 */
function useOrderAsFirstShown(dashboards: ClientDashboard[]): ClientDashboard[] {
  const places = useRef<Map<number, number> | null>(null);
  return useMemo(() => {
    const sorted = favouritesFirst(dashboards);
    places.current ??= new Map(sorted.map((d, i) => [d.id, i]));
    const known = places.current;
    for (const d of sorted) if (!known.has(d.id)) known.set(d.id, known.size);
    return [...dashboards].sort((a, b) => (known.get(a.id) ?? 0) - (known.get(b.id) ?? 0));
  }, [dashboards]);
}

/** The cards, narrowed as the person types (searched in the browser: the list is the person's own, and short). */
function DashboardsGrid({
  dashboards,
  severalOrganizations,
}: {
  dashboards: ClientDashboard[];
  severalOrganizations: boolean;
}) {
  const searchId = useId();
  const [text, setText] = useState('');
  const debounced = useDebounced(text, 150);
  const search = useDeferredValue(text === '' ? '' : debounced);
  const favourite = useFavouriteMutation();
  const ordered = useOrderAsFirstShown(dashboards);
  const shown = useMemo(() => searchDashboards(ordered, search), [ordered, search]);
  // Cards of a dashboard linked to several of the person's organizations say so too.
  const showOrganizations = severalOrganizations || dashboards.some((d) => d.organizations.length > 1);
  return (
    <div className="flex flex-col gap-6">
      <DashboardSearch id={searchId} value={text} onChange={setText} found={shown.length} total={dashboards.length} />
      {shown.length === 0 ? (
        <Card className="flex flex-col items-center px-6 py-12 text-center" data-testid="dashboards-no-match">
          <SearchX aria-hidden="true" className="size-8 text-slate-500" />
          <h2 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">No dashboards match</h2>
          <p className="mt-2 max-w-md break-words text-slate-600 dark:text-slate-300">
            Nothing in your dashboards' names, categories or descriptions matches &ldquo;{text.trim()}&rdquo;.
          </p>
          <Button
            variant="outline"
            className="mt-5"
            onClick={() => {
              setText('');
              document.getElementById(searchId)?.focus();
            }}
          >
            Clear search
          </Button>
        </Card>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="dashboards-grid">
          {shown.map((dashboard) => (
            <DashboardCard
              key={dashboard.id}
              dashboard={dashboard}
              showOrganizations={showOrganizations}
              onFavourite={(isFavourite) => favourite.mutate({ id: dashboard.id, favourite: isFavourite })}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
