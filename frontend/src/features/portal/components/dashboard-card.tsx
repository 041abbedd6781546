import type { ClientDashboard } from '@app/contracts';
import { Link } from '@tanstack/react-router';
import { ArrowRight, BarChart3, Building2, Clock, Star } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { ownThumbnail } from '../utils/artwork';
import { lastViewedText } from '../utils/last-viewed';
import { DashboardDescription } from './portal-header';

/**
 * One dashboard of the client's list (issue 18): its picture, star, category, name, description, the person's own
 * last view, and (for a person in several organizations) which organizations it comes from.
 */
export function DashboardCard({
  dashboard,
  showOrganizations,
  onFavourite,
}: {
  dashboard: ClientDashboard;
  showOrganizations: boolean;
  onFavourite: (favourite: boolean) => void;
}) {
  const headingId = useId();
  return (
    <li
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
      data-testid="dashboard-card"
      data-dashboard-id={dashboard.id}
      data-favourite={dashboard.isFavourite}
    >
      <div className="relative">
        <CardPicture dashboard={dashboard} />
        <FavouriteButton
          name={dashboard.name}
          pressed={dashboard.isFavourite}
          onToggle={() => onFavourite(!dashboard.isFavourite)}
        />
      </div>
      <div className="flex flex-1 flex-col p-6">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="info">{dashboard.category}</Badge>
          {showOrganizations &&
            dashboard.organizations.map((organization) => (
              <span
                key={organization.id}
                className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200"
                data-testid="dashboard-card-organization"
              >
                <Building2 aria-hidden="true" className="size-3" />
                <span className="sr-only">From </span>
                {organization.name}
              </span>
            ))}
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
        <p
          className="mt-4 flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-300"
          data-testid="dashboard-card-last-viewed"
        >
          <Clock aria-hidden="true" className="size-4" />
          {dashboard.lastViewedAt ? (
            <time dateTime={dashboard.lastViewedAt} title={new Date(dashboard.lastViewedAt).toLocaleString()}>
              {lastViewedText(dashboard.lastViewedAt)}
            </time>
          ) : (
            lastViewedText(null)
          )}
        </p>
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
      </div>
    </li>
  );
}

/**
 * The dashboard's own thumbnail; without one (or when it fails to load), a neutral placeholder with the dashboard's
 * own name. Never another picture: a category's sample artwork showed other dashboards' titles and figures ("Sales
 * Performance", $2.4M) on a card of "Contoso Sales Pipeline" (issue 26). Decorative: the heading below names it.
 */
function CardPicture({ dashboard }: { dashboard: ClientDashboard }) {
  const [failed, setFailed] = useState(false);
  const thumbnail = ownThumbnail(dashboard);
  const frame = 'aspect-[16/10] w-full border-b border-slate-200 bg-slate-100 dark:border-slate-800 dark:bg-slate-800';
  if (!thumbnail || failed)
    return (
      <div
        aria-hidden="true"
        className={cn(
          frame,
          'flex flex-col items-center justify-center gap-3 bg-gradient-to-br from-slate-50 to-slate-200 px-8 text-center dark:from-slate-800 dark:to-slate-900',
        )}
        data-testid="dashboard-card-placeholder"
      >
        <BarChart3 className="size-10 text-slate-400 dark:text-slate-500" />
        <span className="line-clamp-2 text-base font-semibold break-words text-slate-600 dark:text-slate-300">
          {dashboard.name}
        </span>
      </div>
    );
  return (
    <img
      src={thumbnail}
      alt=""
      width={1200}
      height={750}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={cn(frame, 'object-cover')}
      data-testid="dashboard-card-picture"
    />
  );
}

/** A toggle button (aria-pressed): Enter and Space work as on any button. */
function FavouriteButton({ name, pressed, onToggle }: { name: string; pressed: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={`Favourite: ${name}`}
      title={pressed ? 'Remove from favourites' : 'Add to favourites'}
      onClick={onToggle}
      className={cn(
        'absolute top-3 right-3 flex size-10 items-center justify-center rounded-full border bg-white/95 shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:bg-slate-900/95',
        pressed
          ? 'border-amber-300 text-amber-600 dark:border-amber-700 dark:text-amber-300'
          : 'border-slate-200 text-slate-600 hover:text-amber-600 dark:border-slate-700 dark:text-slate-300',
      )}
      data-testid="dashboard-card-favourite"
    >
      <Star aria-hidden="true" className={cn('size-5', pressed && 'fill-current')} />
    </button>
  );
}
