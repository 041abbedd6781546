import type { AdminOverview } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  ArrowRight,
  CalendarCheck,
  Fingerprint,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  Newspaper,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadingStatus } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { adminOverviewQueryOptions } from '../api/overview.queries';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Where each figure leads: its section's icon, link and words. The queue board is the API's page, not the app's. */
const TILE_LINKS = {
  consultations: { Icon: CalendarCheck, to: '/admin/consultations', label: 'Open consultations' },
  // The leads list filtered to the leads the figure counts.
  leads: { Icon: Newspaper, to: '/admin/leads', search: { status: 'new' }, label: 'Open new leads' },
  failures: { Icon: Mail, to: '/admin/queues', label: 'Open the queue board', external: true },
  dashboards: { Icon: LayoutDashboard, to: '/admin/dashboards', label: 'Open dashboards' },
  'sign-ins': { Icon: Fingerprint, to: '/admin/sign-ins', label: 'Open sign-ins' },
} as const satisfies Record<
  string,
  { Icon: LucideIcon; to: string; label: string; search?: Record<string, string>; external?: boolean }
>;

/**
 * One figure of the overview: what it counts, the count, a line under it, and the way to its section. `alarm`:
 * something is wrong, and the tile says so in colour (and in words, in `detail`).
 */
function Tile({
  id,
  title,
  figure,
  detail,
  alarm = false,
  children,
}: {
  id: keyof typeof TILE_LINKS;
  title: string;
  figure: number | string;
  detail: ReactNode;
  alarm?: boolean;
  children?: ReactNode;
}) {
  const headingId = `overview-${id}-heading`;
  const link: { Icon: LucideIcon; to: string; label: string; search?: Record<string, string>; external?: boolean } =
    TILE_LINKS[id];
  const linkClass =
    'mt-4 inline-flex items-center gap-1 text-sm font-semibold text-blue-700 hover:underline dark:text-blue-300';
  const words = (
    <>
      {link.label} <ArrowRight aria-hidden="true" className="size-4" />
    </>
  );
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col rounded-2xl border bg-white p-5 shadow-sm dark:bg-slate-900',
        alarm ? 'border-amber-400 dark:border-amber-600' : 'border-slate-200 dark:border-slate-800',
      )}
      data-testid={`overview-${id}`}
      data-alarm={alarm || undefined}
    >
      <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-700 dark:text-slate-200">
        <link.Icon aria-hidden="true" className="size-4" />
        {title}
      </h2>
      <p className="mt-2 text-3xl font-bold text-slate-900 dark:text-white" data-testid={`overview-${id}-figure`}>
        {figure}
      </p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{detail}</p>
      {children}
      <div className="mt-auto">
        {link.external ? (
          <a href={link.to} className={linkClass} data-testid={`overview-${id}-link`}>
            {words}
          </a>
        ) : (
          <Link
            to={link.to as '/admin'}
            search={link.search as never}
            className={linkClass}
            data-testid={`overview-${id}-link`}
          >
            {words}
          </Link>
        )}
      </div>
    </section>
  );
}

function Figures({ overview }: { overview: AdminOverview }) {
  const { consultations, leads, failures, dashboards, signIns } = overview;
  const jobs = failures.jobs;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <Tile
        id="consultations"
        title="Consultations"
        figure={`${consultations.today} today`}
        detail={`${plural(consultations.week, 'consultation')} this week`}
      />
      <Tile id="leads" title="New leads" figure={leads.new} detail="Not yet contacted, met, won or lost." />
      <Tile
        id="failures"
        title="E-mails and jobs failing"
        figure={failures.emails + (jobs ?? 0)}
        detail={`${plural(failures.emails, 'e-mail')} failed in 7 days; ${
          jobs === null ? 'the queues could not be read' : `${plural(jobs, 'failed job')} in the queues`
        }`}
        alarm={failures.emails > 0 || jobs !== 0}
      />
      <Tile
        id="dashboards"
        title="Dashboards failing their provider check"
        figure={dashboards.failing}
        alarm={dashboards.failing > 0}
        detail={dashboards.failing ? 'Their connection or their last view failed.' : 'Every provider check passes.'}
      >
        {dashboards.examples.length ? (
          <ul className="mt-3 space-y-1 text-sm" data-testid="overview-dashboards-list">
            {dashboards.examples.map((dashboard) => (
              <li key={dashboard.id} className="break-words">
                <span className="font-medium text-slate-900 dark:text-white">{dashboard.name}</span>
                <span className="text-slate-600 dark:text-slate-300">: {dashboard.reason}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </Tile>
      <Tile
        id="sign-ins"
        title="Failed sign-ins (24 hours)"
        figure={signIns.failed}
        detail={signIns.failed ? 'Check for someone locked out or a guessing attack.' : 'No failed sign-in.'}
        alarm={signIns.failed > 0}
      />
    </div>
  );
}

/** The administrators' landing page (issue 27): what needs attention today, each figure linking to its section. */
export function OverviewPage() {
  const overview = useQuery(adminOverviewQueryOptions());
  if (overview.isError)
    return (
      <div className="flex flex-col items-start gap-4" data-testid="overview-error">
        <Alert variant="error">The overview could not be loaded. Please try again.</Alert>
        <Button variant="outline" onClick={() => void overview.refetch()}>
          Try again
        </Button>
      </div>
    );
  if (!overview.data) return <LoadingStatus data-testid="overview-loading">Loading the overview...</LoadingStatus>;
  return <Figures overview={overview.data} />;
}
