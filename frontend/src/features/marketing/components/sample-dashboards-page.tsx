import { Tabs } from '@ark-ui/react/tabs';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, CircleCheck, LayoutDashboard, LogIn, Mail } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useHydrated } from '../../../lib/use-hydrated';
import { type PublicDashboard, publicDashboardsQueryOptions } from '../api/public-dashboards.queries';
import { dashboardBlurbs } from '../data/content';
import { dashboardArtwork, dashboardDisplayName } from '../utils/dashboard-display';
import { ContentCard, MarketingHero, sectionHeadingClass } from './content-card';

export interface SampleDashboardsPageProps {
  /** /dashboard/{id}: the dashboard to preselect when it is in the list. */
  routeId?: string;
  /** Who is signed in: `undefined` while unknown. */
  signedIn: boolean | undefined;
}

/** /dashboards and /dashboard/{id} (spec section 2). */
export function SampleDashboardsPage({ routeId, signedIn }: SampleDashboardsPageProps) {
  const query = useQuery(publicDashboardsQueryOptions());
  // Prerendered without data (D25): the skeleton stays until the page has hydrated.
  const hydrated = useHydrated();
  const dashboards = hydrated ? query.data : undefined;
  const failed = hydrated && query.isError;

  return (
    <>
      <MarketingHero
        eyebrow="Sample Dashboards"
        title="Sample Dashboards"
        lead="A look at dashboards we have built for education, research and operations teams. Pick one to see what it shows."
      />

      <section aria-label="Dashboard samples" className="py-12 sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
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
        </div>
      </section>

      <section
        aria-labelledby="features-heading"
        className="border-y border-slate-200 bg-slate-50 py-16 sm:py-20 dark:border-slate-800 dark:bg-slate-900/40"
      >
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="features-heading" className={sectionHeadingClass}>
            Built for the Way You Work
          </h2>
          <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {dashboardBlurbs.map((card) => (
              <ContentCard key={card.title} card={card} />
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="client-access-heading" className="py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <ClientAccessCard signedIn={hydrated ? signedIn : undefined} />
        </div>
      </section>
    </>
  );
}

function DashboardTabs({ dashboards, routeId }: { dashboards: PublicDashboard[]; routeId?: string }) {
  const preselected = dashboards.find((d) => String(d.id) === routeId) ?? dashboards[0];
  const [value, setValue] = useState(String(preselected?.id));

  return (
    <Tabs.Root
      value={value}
      onValueChange={(details) => setValue(details.value)}
      activationMode="automatic"
      lazyMount
      unmountOnExit
      data-testid="dashboard-tabs"
    >
      <Tabs.List
        aria-label="Sample dashboards"
        className="flex flex-wrap gap-2 rounded-2xl border border-slate-200 bg-slate-50 p-2 dark:border-slate-800 dark:bg-slate-900"
      >
        {dashboards.map((dashboard) => (
          <Tabs.Trigger
            key={dashboard.id}
            value={String(dashboard.id)}
            className={cn(
              'grow rounded-xl px-4 py-2.5 text-sm font-semibold text-slate-700 transition-colors sm:grow-0',
              'hover:bg-white hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
              'data-selected:bg-blue-700 data-selected:text-white data-selected:shadow-sm',
              'dark:data-selected:bg-blue-600 dark:data-selected:text-white',
            )}
          >
            {dashboardDisplayName(dashboard)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {dashboards.map((dashboard) => {
        const displayName = dashboardDisplayName(dashboard);
        const artwork = dashboardArtwork[displayName];
        return (
          <Tabs.Content
            key={dashboard.id}
            value={String(dashboard.id)}
            className="mt-8 grid items-center gap-10 rounded-md lg:grid-cols-5"
            data-testid="dashboard-panel"
          >
            <LaptopFrame className="lg:col-span-3">
              <img
                src={artwork.image}
                alt={artwork.alt}
                width={1200}
                height={750}
                decoding="async"
                className="block size-full object-cover"
              />
            </LaptopFrame>
            <div className="lg:col-span-2">
              <span
                className="inline-flex items-center rounded-full bg-blue-100 px-3 py-1 text-xs font-semibold tracking-wide text-blue-800 uppercase dark:bg-blue-950 dark:text-blue-200"
                data-testid="dashboard-type"
              >
                {dashboard.type}
              </span>
              <h2 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
                {displayName}
              </h2>
              <p className="mt-1 text-sm font-medium text-slate-600 dark:text-slate-400">{dashboard.name}</p>
              <p className="mt-4 text-base leading-7 text-slate-700 dark:text-slate-300">{artwork.description}</p>
              <Link to="/book-consultation" className={buttonClass({ size: 'lg', className: 'mt-8' })}>
                Learn more
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </div>
          </Tabs.Content>
        );
      })}
    </Tabs.Root>
  );
}

/** A laptop drawn around a screenshot: screen bezel, camera dot, base. */
function LaptopFrame({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <div className={cn('mx-auto w-full max-w-3xl', className)}>
      <div className="rounded-t-2xl border border-slate-300 bg-slate-800 p-2 pt-5 shadow-2xl sm:p-3 sm:pt-6 dark:border-slate-600 dark:bg-slate-950">
        <div className="relative">
          <span
            aria-hidden="true"
            className="absolute -top-3.5 left-1/2 size-1.5 -translate-x-1/2 rounded-full bg-slate-500 sm:-top-4"
          />
          <div className="aspect-[8/5] overflow-hidden rounded-md bg-slate-100">{children}</div>
        </div>
      </div>
      <div
        aria-hidden="true"
        className="relative mx-[-2%] h-3 rounded-b-xl bg-slate-300 shadow-md sm:h-4 dark:bg-slate-600"
      >
        <span className="absolute top-0 left-1/2 h-1.5 w-1/6 -translate-x-1/2 rounded-b-md bg-slate-400 dark:bg-slate-500" />
      </div>
    </div>
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
