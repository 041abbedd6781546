import type { UsageReport } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Download, RefreshCw } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button, buttonClass } from '../../../../components/ui/button';
import { NativeSelect } from '../../../../components/ui/select';
import { LoadingStatus } from '../../../../components/ui/spinner';
import { usageCsvHref, usageQueryOptions } from '../../api/usage.queries';
import { USAGE_RANGES, type UsageGroup, type UsageRange, usagePeriod } from '../../utils/usage-period';
import { TopViewsChart, type UsageLines, ViewsOverTimeChart } from './usage-charts';
import { IdleDashboardsTable, InactiveClientsTable, ViewsTable } from './usage-tables';

const rangeOptions = USAGE_RANGES.map((days) => ({ value: String(days), label: `Last ${days} days` }));
const groupOptions = [
  { value: 'day', label: 'By day' },
  { value: 'week', label: 'By week' },
];

/**
 * The Usage tab (issue 18): which clients use which dashboards, over time, for the account managers. Loaded as its
 * own chunk, with the charting library, only when an admin opens the tab.
 */
export default function UsageTab() {
  const [range, setRange] = useState<UsageRange>(30);
  const [groupBy, setGroupBy] = useState<UsageGroup>('day');
  const period = useMemo(() => usagePeriod(range, groupBy), [range, groupBy]);
  const query = useQuery(usageQueryOptions(period));
  return (
    <div className="flex flex-col gap-6" data-testid="usage-tab">
      <div className="flex flex-wrap items-end gap-4">
        <Choice
          label="Period"
          className="w-full sm:w-48"
          options={rangeOptions}
          value={String(range)}
          onChange={(value) => setRange(Number(value) as UsageRange)}
          testId="usage-range"
        />
        <Choice
          label="Show"
          className="w-full sm:w-40"
          options={groupOptions}
          value={groupBy}
          onChange={(value) => setGroupBy(value === 'week' ? 'week' : 'day')}
          testId="usage-group"
        />
        <a
          href={usageCsvHref(period)}
          download
          className={buttonClass({ variant: 'outline', className: 'w-full sm:ml-auto sm:w-auto' })}
          data-testid="usage-csv"
        >
          <Download aria-hidden="true" className="size-4" />
          Download CSV
        </a>
      </div>
      {query.isError ? (
        <div className="flex flex-col items-start gap-4" data-testid="usage-error">
          <Alert variant="error">The usage figures could not be loaded. Please try again.</Alert>
          <Button variant="outline" onClick={() => void query.refetch()}>
            <RefreshCw aria-hidden="true" className="size-4" />
            Try again
          </Button>
        </div>
      ) : query.data ? (
        <UsageFigures report={query.data} />
      ) : (
        <LoadingStatus className="justify-center py-16" spinnerClassName="size-5" data-testid="usage-loading">
          Loading the usage figures...
        </LoadingStatus>
      )}
    </div>
  );
}

const lineOptions = [
  { value: 'organizations', label: 'Organizations' },
  { value: 'dashboards', label: 'Dashboards' },
  { value: 'people', label: 'People' },
];

/** One of the tab's choices: a labelled select, its label above it or (inline) beside it. */
function Choice({
  label,
  inline = false,
  className,
  options,
  value,
  onChange,
  testId,
}: {
  label: string;
  inline?: boolean;
  className: string;
  options: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className={inline ? `flex items-center gap-2 ${className}` : className}>
      <label
        htmlFor={id}
        className={`${inline ? 'shrink-0' : 'mb-1 block'} text-sm font-medium text-slate-700 dark:text-slate-200`}
      >
        {label}
      </label>
      <NativeSelect
        id={id}
        options={options}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
    </div>
  );
}

const plural = (n: number, word: string) => `${n.toLocaleString('en')} ${n === 1 ? word : `${word}s`}`;

function UsageFigures({ report }: { report: UsageReport }) {
  const total = report.totals.reduce((a, b) => a + b, 0);
  const [lines, setLines] = useState<UsageLines>('organizations');
  const control = (
    <Choice
      label="Compare"
      inline
      className="w-56"
      options={lineOptions}
      value={lines}
      onChange={(value) => setLines(value as UsageLines)}
      testId="usage-lines"
    />
  );
  return (
    <>
      <p className="text-slate-700 dark:text-slate-200" data-testid="usage-summary">
        <strong className="text-2xl font-bold text-slate-900 dark:text-white">{total.toLocaleString('en')}</strong>{' '}
        {total === 1 ? 'view' : 'views'} from {report.from} to {report.to} ({report.timeZone} time), by{' '}
        {report.organizationCount.toLocaleString('en')}{' '}
        {report.organizationCount === 1 ? 'organization' : 'organizations'} and{' '}
        {report.personCount.toLocaleString('en')} {report.personCount === 1 ? 'person' : 'people'}.
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="usage-apart-summary">
        Clients' views of dashboards that loaded. Not counted: {plural(report.previewViews, 'preview')} by the team and{' '}
        {plural(report.failedLoadViews, 'load')} that failed (listed below).
      </p>
      <ViewsOverTimeChart report={report} lines={lines} control={control} />
      <div className="grid gap-6 lg:grid-cols-2">
        <TopViewsChart
          title="Most viewed dashboards"
          testId="usage-chart-dashboards"
          items={report.dashboards}
          colour={0}
        />
        <TopViewsChart title="Most active people" testId="usage-chart-people" items={report.people} colour={2} />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <ViewsTable report={report} of="organizations" />
        <ViewsTable report={report} of="dashboards" />
        <ViewsTable report={report} of="people" />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <IdleDashboardsTable rows={report.idleDashboards} count={report.idleDashboardCount} />
        <InactiveClientsTable rows={report.inactiveClients} count={report.inactiveClientCount} />
      </div>
      {/* D37: not clients' usage, so apart from every figure above. */}
      <div className="grid gap-6 lg:grid-cols-2">
        <ViewsTable report={report} of="previews" />
        <ViewsTable report={report} of="failedLoads" />
      </div>
    </>
  );
}
