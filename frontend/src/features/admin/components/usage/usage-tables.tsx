import type { UsageReport } from '@app/contracts';
import type { ReactNode } from 'react';
import { type Column, DataTable } from '../../../../components/ui/table';

/** The Usage tab's lists (issue 18): the figures behind the charts, and who and what has gone quiet. */

const when = (iso: string | null, never: string) =>
  iso ? new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(new Date(iso)) : never;

/** A name, and under it an e-mail address when there is one. */
const nameAndEmail = (name: string, email: string | undefined) => (
  <span className="break-words">
    {name}
    {email ? <span className="block text-xs text-slate-600 dark:text-slate-300">{email}</span> : null}
  </span>
);

/**
 * One list of the report: its heading (the table's name too), under it, when the report holds only the `first` ones,
 * how many there are in all, then the table, a row per item by its id (test ids `testId`, each row `rowTestId`, the
 * empty row `{testId}-empty`).
 */
function UsageList<T extends { id: number }>({
  title,
  count,
  first,
  testId,
  rowTestId,
  columns,
  rows,
  empty,
}: {
  title: string;
  count: number;
  first: string;
  testId: string;
  rowTestId: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  empty: ReactNode;
}) {
  const listed = rows.length;
  return (
    <div className="min-w-0">
      <h3 className="mb-2 text-base font-semibold text-slate-900 dark:text-white">{title}</h3>
      {count > listed ? (
        <p className="mb-2 text-sm text-slate-600 dark:text-slate-300" data-testid="usage-list-more">
          The {listed.toLocaleString('en')} {first} of {count.toLocaleString('en')}; the CSV has every one.
        </p>
      ) : null}
      <DataTable
        label={title}
        data-testid={testId}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        row={(r) => ({ 'data-testid': rowTestId, 'data-id': r.id })}
        empty={empty}
        emptyTestId={`${testId}-empty`}
      />
    </div>
  );
}

type ViewsOf = 'organizations' | 'dashboards' | 'people' | 'previews' | 'failedLoads';
type CountOf = { [K in keyof UsageReport]: UsageReport[K] extends number ? K : never }[keyof UsageReport];

/** The report's lists of views: each one's heading and test id, the report's count of all its items, its empty row. */
const VIEWS_LISTS: Record<ViewsOf, { label: string; testId: string; count: CountOf; empty?: string }> = {
  organizations: { label: 'Views per organization', testId: 'usage-organizations', count: 'organizationCount' },
  dashboards: { label: 'Views per dashboard', testId: 'usage-dashboards', count: 'dashboardCount' },
  people: { label: 'Views per person', testId: 'usage-people', count: 'personCount' },
  // D37: the team's previews and the failed loads, apart from clients' usage.
  previews: {
    label: 'Previews by the team',
    testId: 'usage-previews',
    count: 'previewCount',
    empty: 'Nobody of the team opened a dashboard in this period.',
  },
  failedLoads: {
    label: 'Loads that failed',
    testId: 'usage-failed-loads',
    count: 'failedLoadCount',
    empty: 'No dashboard failed to load for a client in this period.',
  },
};

/** One of the report's lists of views, named by its key in the report ('people'): the most viewed first. */
export function ViewsTable({ report, of }: { report: UsageReport; of: ViewsOf }) {
  const { label, testId, count, empty = 'No views in this period.' } = VIEWS_LISTS[of];
  const rows: readonly { id: number; name: string; email?: string; total: number }[] = report[of];
  return (
    <UsageList
      title={label}
      count={report[count]}
      first="most viewed"
      testId={testId}
      rowTestId={`${testId}-row`}
      columns={[
        {
          header: 'Name',
          cell: (r) => nameAndEmail(r.name, r.email === r.name ? undefined : r.email),
          className: 'px-3 py-2',
        },
        {
          header: 'Views',
          cell: (r) => r.total.toLocaleString('en'),
          className: 'px-3 py-2 text-right tabular-nums',
        },
      ]}
      rows={rows}
      empty={empty}
    />
  );
}

export function IdleDashboardsTable({ rows, count }: { rows: UsageReport['idleDashboards']; count: number }) {
  return (
    <UsageList
      title="Dashboards nobody has opened in 30 days"
      count={count}
      first="longest idle"
      testId="usage-idle-dashboards"
      rowTestId="usage-idle-dashboard-row"
      columns={[
        { header: 'Dashboard', cell: (r) => r.name, className: 'px-3 py-2 break-words' },
        { header: 'Last opened', cell: (r) => when(r.lastViewedAt, 'Never'), className: 'px-3 py-2' },
      ]}
      rows={rows}
      empty="Every dashboard was opened in the last 30 days."
    />
  );
}

export function InactiveClientsTable({ rows, count }: { rows: UsageReport['inactiveClients']; count: number }) {
  return (
    <UsageList
      title="Clients not signed in for 30 days"
      count={count}
      first="longest absent"
      testId="usage-inactive-clients"
      rowTestId="usage-inactive-client-row"
      columns={[
        { header: 'Client', cell: (r) => nameAndEmail(r.name, r.email), className: 'px-3 py-2' },
        { header: 'Organizations', cell: (r) => r.organizations.join(', '), className: 'px-3 py-2' },
        { header: 'Last sign-in', cell: (r) => when(r.lastLoginAt, 'Never'), className: 'px-3 py-2' },
      ]}
      rows={rows}
      empty="Every client signed in during the last 30 days."
    />
  );
}
