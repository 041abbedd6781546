import type { UsageReport } from '@app/contracts';
import { DataTable } from '../../../../components/ui/table';

/** The Usage tab's lists (issue 18): the figures behind the charts, and who and what has gone quiet. */

const when = (iso: string | null, never: string) =>
  iso ? new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(new Date(iso)) : never;

/** A list's heading, and under it, when the report holds only the first ones, how many there are in all. */
function Section({
  title,
  listed,
  count,
  first,
  children,
}: {
  title: string;
  listed: number;
  count: number;
  first: string;
  children: React.ReactNode;
}) {
  return (
    <div className="min-w-0">
      <h3 className="mb-2 text-base font-semibold text-slate-900 dark:text-white">{title}</h3>
      {count > listed ? (
        <p className="mb-2 text-sm text-slate-600 dark:text-slate-300" data-testid="usage-list-more">
          The {listed.toLocaleString('en')} {first} of {count.toLocaleString('en')}; the CSV has every one.
        </p>
      ) : null}
      {children}
    </div>
  );
}

export function ViewsTable({
  label,
  testId,
  rows,
  count,
  empty = 'No views in this period.',
}: {
  label: string;
  testId: string;
  rows: { id: number; name: string; email?: string; total: number }[];
  count: number;
  empty?: string;
}) {
  return (
    <Section title={label} listed={rows.length} count={count} first="most viewed">
      <DataTable
        label={label}
        data-testid={testId}
        columns={[
          {
            header: 'Name',
            cell: (r) => (
              <span className="break-words">
                {r.name}
                {r.email && r.email !== r.name ? (
                  <span className="block text-xs text-slate-600 dark:text-slate-300">{r.email}</span>
                ) : null}
              </span>
            ),
            className: 'px-3 py-2',
          },
          {
            header: 'Views',
            cell: (r) => r.total.toLocaleString('en'),
            className: 'px-3 py-2 text-right tabular-nums',
          },
        ]}
        rows={rows}
        rowKey={(r) => r.id}
        row={(r) => ({ 'data-testid': `${testId}-row`, 'data-id': r.id })}
        empty={empty}
        emptyTestId={`${testId}-empty`}
      />
    </Section>
  );
}

export function IdleDashboardsTable({ rows, count }: { rows: UsageReport['idleDashboards']; count: number }) {
  return (
    <Section title="Dashboards nobody has opened in 30 days" listed={rows.length} count={count} first="longest idle">
      <DataTable
        label="Dashboards nobody has opened in 30 days"
        data-testid="usage-idle-dashboards"
        columns={[
          { header: 'Dashboard', cell: (r) => r.name, className: 'px-3 py-2 break-words' },
          { header: 'Last opened', cell: (r) => when(r.lastViewedAt, 'Never'), className: 'px-3 py-2' },
        ]}
        rows={rows}
        rowKey={(r) => r.id}
        row={(r) => ({ 'data-testid': 'usage-idle-dashboard-row', 'data-id': r.id })}
        empty="Every dashboard was opened in the last 30 days."
        emptyTestId="usage-idle-dashboards-empty"
      />
    </Section>
  );
}

export function InactiveClientsTable({ rows, count }: { rows: UsageReport['inactiveClients']; count: number }) {
  return (
    <Section title="Clients not signed in for 30 days" listed={rows.length} count={count} first="longest absent">
      <DataTable
        label="Clients not signed in for 30 days"
        data-testid="usage-inactive-clients"
        columns={[
          {
            header: 'Client',
            cell: (r) => (
              <span className="break-words">
                {r.name}
                <span className="block text-xs text-slate-600 dark:text-slate-300">{r.email}</span>
              </span>
            ),
            className: 'px-3 py-2',
          },
          { header: 'Organizations', cell: (r) => r.organizations.join(', '), className: 'px-3 py-2' },
          { header: 'Last sign-in', cell: (r) => when(r.lastLoginAt, 'Never'), className: 'px-3 py-2' },
        ]}
        rows={rows}
        rowKey={(r) => r.id}
        row={(r) => ({ 'data-testid': 'usage-inactive-client-row', 'data-id': r.id })}
        empty="Every client signed in during the last 30 days."
        emptyTestId="usage-inactive-clients-empty"
      />
    </Section>
  );
}
