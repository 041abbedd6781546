import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CircleCheck, LayoutDashboard, LogIn, Mail } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';
import { useHydrated, useHydratedQuery } from '../../../lib/use-hydrated';
import { publicDashboardsQueryOptions } from '../api/public-dashboards.queries';
import { dashboardBlurbs } from '../data/dashboard-blurbs';
import { CardGrid, MarketingHero, PageSection } from './content-card';
import { DashboardTabs } from './dashboard-tabs';
import { LaptopFrame } from './laptop-frame';

export interface SampleDashboardsPageProps {
  /** /dashboard/{id}: the dashboard to preselect when it is in the list. */
  routeId?: string;
  /** Who is signed in: `undefined` while unknown. */
  signedIn: boolean | undefined;
}

/** /dashboards and /dashboard/{id} (spec section 2). */
export function SampleDashboardsPage({ routeId, signedIn }: SampleDashboardsPageProps) {
  // Prerendered without data (D25): the skeleton stays until the page has hydrated.
  const { data: dashboards, isError: failed } = useHydratedQuery(useQuery(publicDashboardsQueryOptions()));
  const hydrated = useHydrated();

  return (
    <>
      <MarketingHero
        eyebrow="Sample Dashboards"
        title="Sample Dashboards"
        lead="A look at dashboards we have built for education, research and operations teams. Pick one to see what it shows."
      />

      <PageSection label="Dashboard samples" compact>
        {dashboards ? (
          dashboards.length > 0 ? (
            <DashboardTabs key={routeId ?? ''} dashboards={dashboards} routeId={routeId} />
          ) : (
            <p
              className="rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400"
              data-testid="dashboards-empty"
            >
              No public dashboards available at this time.
            </p>
          )
        ) : failed ? (
          <p
            role="alert"
            className="rounded-xl border border-red-300 bg-red-50 px-6 py-12 text-center text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            The sample dashboards could not be loaded. Please try again later.
          </p>
        ) : (
          <DashboardsSkeleton />
        )}
      </PageSection>

      <PageSection headingId="features-heading" heading="Built for the Way You Work" tinted>
        <CardGrid cards={dashboardBlurbs} columns="sm:grid-cols-2 lg:grid-cols-3" />
      </PageSection>

      <PageSection headingId="client-access-heading">
        <ClientAccessCard signedIn={hydrated ? signedIn : undefined} />
      </PageSection>
    </>
  );
}

function DashboardsSkeleton() {
  return (
    <div aria-busy="true" data-testid="dashboards-skeleton">
      <span className="sr-only" role="status">
        Loading sample dashboards...
      </span>
      <div
        aria-hidden="true"
        className="flex flex-wrap gap-2 rounded-2xl border border-slate-200 bg-slate-50 p-2 dark:border-slate-800 dark:bg-slate-900"
      >
        {[120, 96, 112, 200, 210].map((width) => (
          <span
            key={width}
            className="h-10 grow animate-pulse rounded-xl bg-slate-200 sm:grow-0 dark:bg-slate-800"
            style={{ width }}
          />
        ))}
      </div>
      <div aria-hidden="true" className="mt-8 grid items-center gap-10 lg:grid-cols-5">
        {/* The same frame as the loaded picture, so nothing below moves when the dashboards arrive. */}
        <LaptopFrame className="lg:col-span-3">
          <div className="size-full animate-pulse bg-slate-200 dark:bg-slate-700" />
        </LaptopFrame>
        <div className="lg:col-span-2">
          <span className="block h-6 w-24 animate-pulse rounded-full bg-slate-200 dark:bg-slate-800" />
          <span className="mt-4 block h-9 w-3/4 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
          <span className="mt-2 block h-5 w-1/2 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
          <span className="mt-4 block h-4 w-full animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
          <span className="mt-3 block h-4 w-full animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
          <span className="mt-3 block h-4 w-5/6 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
          <span className="mt-8 block h-12 w-36 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800" />
        </div>
      </div>
    </div>
  );
}

/** 'Client Dashboard Access' (spec section 2): signed in, or the way in; nothing until it is known. */
function ClientAccessCard({ signedIn }: { signedIn: boolean | undefined }) {
  return (
    <div
      className="flex flex-col gap-6 rounded-3xl bg-blue-800 px-6 py-10 text-white shadow-xl sm:px-10 lg:flex-row lg:items-center lg:justify-between dark:bg-blue-900"
      data-testid="client-access-card"
    >
      <div className="max-w-2xl">
        <h2 id="client-access-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Client Dashboard Access
        </h2>
        {signedIn ? (
          <p className="mt-3 flex items-center gap-2 text-lg text-blue-100">
            <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
            You're logged in
          </p>
        ) : (
          <p className="mt-3 text-lg text-blue-100">
            Already working with us? Sign in to see the dashboards built for your organization.
          </p>
        )}
      </div>
      <div className="flex min-h-12 shrink-0 flex-col gap-3 sm:flex-row">
        {signedIn === undefined ? null : signedIn ? (
          <Link to="/client/dashboard" className={buttonClass({ variant: 'inverse', size: 'lg' })}>
            <LayoutDashboard aria-hidden="true" className="size-4" />
            Go to My Dashboards
          </Link>
        ) : (
          <>
            {/* A full page load: /api/login is a server route (D2). */}
            <a href="/api/login" className={buttonClass({ variant: 'inverse', size: 'lg' })}>
              <LogIn aria-hidden="true" className="size-4" />
              Client Login
            </a>
            <Link to="/contact" className={buttonClass({ variant: 'inverse-outline', size: 'lg' })}>
              <Mail aria-hidden="true" className="size-4" />
              Contact us
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
