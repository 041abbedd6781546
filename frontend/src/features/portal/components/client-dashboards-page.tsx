import type { ClientDashboard } from '@app/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, LayoutDashboard, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { PageContainer } from '../../../components/layout/page-header';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadingStatus } from '../../../components/ui/spinner';
import { organizationDashboardsQueryOptions } from '../api/portal.queries';
import type { PortalUser } from '../utils/greeting';
import { Badge, DashboardDescription, PortalWelcome } from './portal-header';

/** /client/dashboard (spec section 2): the dashboards of the client's organizations. */
export function ClientDashboardsPage({ user }: { user: PortalUser | null }) {
  const query = useQuery(organizationDashboardsQueryOptions());
  return (
    <PageContainer>
      <div className="flex flex-col gap-6 border-b border-slate-200 pb-8 md:flex-row md:items-end md:justify-between dark:border-slate-800">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            Client Dashboard
          </h1>
          <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">
            The dashboards your organization has access to, most recently viewed first.
          </p>
        </div>
        <PortalWelcome user={user} />
      </div>
      <div className="mt-10">
        <DashboardsContent query={query} />
      </div>
    </PageContainer>
  );
}

function DashboardsContent({ query }: { query: UseQueryResult<ClientDashboard[]> }) {
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
        <span className="flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-300">
          <LayoutDashboard aria-hidden="true" className="size-7" />
        </span>
        <h2 className="mt-5 text-xl font-semibold text-slate-900 dark:text-white">No Dashboards Available</h2>
        <p className="mt-2 max-w-md text-slate-600 dark:text-slate-300">
          Your organization does not have any dashboards assigned yet, contact your account manager.
        </p>
      </Card>
    );
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="dashboards-grid">
      {query.data.map((dashboard) => (
        <DashboardCard key={dashboard.id} dashboard={dashboard} />
      ))}
    </ul>
  );
}

function DashboardCard({ dashboard }: { dashboard: ClientDashboard }) {
  const headingId = useId();
  return (
    <li
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
      data-testid="dashboard-card"
      data-dashboard-id={dashboard.id}
    >
      <div className="flex items-start justify-between gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
          <LayoutDashboard aria-hidden="true" className="size-5" />
        </span>
        <Badge>{dashboard.category}</Badge>
      </div>
      <h2
        id={headingId}
        className="mt-4 text-lg font-semibold text-slate-900 dark:text-white"
        data-testid="dashboard-card-name"
      >
        {dashboard.name}
      </h2>
      <DashboardDescription
        description={dashboard.description}
        className="mt-2 flex-1 text-sm leading-6"
        data-testid="dashboard-card-description"
      />
      <Link
        to="/client/dashboard/$id"
        params={{ id: String(dashboard.id) }}
        className={buttonClass({ className: 'mt-6 w-full' })}
        aria-describedby={headingId}
        data-testid="dashboard-card-link"
      >
        View Dashboard
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </li>
  );
}
