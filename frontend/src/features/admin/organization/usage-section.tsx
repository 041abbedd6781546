import type { OrganizationDetail } from '@app/contracts';
import { Link } from '@tanstack/react-router';
import { Card } from '../../../components/ui/card';

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const day = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));

/**
 * The organization's usage (issue 27): its members' views of its dashboards in the last 30 days, counted as the
 * usage report counts them, as a total, the busiest day and a bar per day (a table for screen readers).
 */
export function UsageSection({ detail }: { detail: OrganizationDetail }) {
  const { usage, members } = detail;
  const most = Math.max(1, ...usage.views);
  const busiest = usage.views.indexOf(Math.max(...usage.views));
  const activeMembers = members.filter((m) => m.lastLoginAt && Date.parse(m.lastLoginAt) >= Date.parse(usage.from));
  return (
    <Card className="min-w-0 p-4 sm:p-6" data-testid="organization-usage">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Usage</h2>
        <Link
          to="/admin"
          search={{ tab: 'usage' }}
          className="text-sm font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
        >
          Every client's usage
        </Link>
      </div>
      <dl className="grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">Views, last 30 days</dt>
          <dd className="text-2xl font-semibold text-slate-900 tabular-nums dark:text-white" data-testid="usage-total">
            {usage.total.toLocaleString('en')}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">Busiest day</dt>
          <dd className="text-2xl font-semibold text-slate-900 dark:text-white">
            {usage.total > 0 && busiest >= 0 ? `${day(usage.days[busiest]!)} (${usage.views[busiest]})` : '-'}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">Members signed in since {day(usage.from)}</dt>
          <dd className="text-2xl font-semibold text-slate-900 tabular-nums dark:text-white">
            {activeMembers.length} of {members.length}
          </dd>
        </div>
      </dl>
      <div className="mt-4 flex h-24 items-end gap-px" aria-hidden="true" data-testid="usage-bars">
        {usage.views.map((views, i) => (
          <div
            key={usage.days[i]}
            title={`${day(usage.days[i]!)}: ${views} ${views === 1 ? 'view' : 'views'}`}
            className="min-h-px flex-1 rounded-t-sm bg-blue-600 dark:bg-blue-400"
            style={{ height: `${Math.max(views ? 4 : 1, (views / most) * 100)}%` }}
          />
        ))}
      </div>
      <div className="mt-1 flex justify-between text-xs text-slate-600 dark:text-slate-400" aria-hidden="true">
        <span>{day(usage.from)}</span>
        <span>{day(usage.to)}</span>
      </div>
      <table className="sr-only">
        <caption>Views per day, {`${day(usage.from)} to ${day(usage.to)}`}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Views</th>
          </tr>
        </thead>
        <tbody>
          {usage.days.map((date, i) => (
            <tr key={date}>
              <td>{day(date)}</td>
              <td>{usage.views[i]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
