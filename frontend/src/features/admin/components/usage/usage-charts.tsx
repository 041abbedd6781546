import { USAGE_SERIES_LIMIT, type UsageReport } from '@app/contracts';
import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { CHART_COLOURS, TOTAL_COLOUR } from '../../utils/chart-colours';
import { bucketLabel } from '../../utils/usage-period';

/**
 * The Usage tab's charts (issue 18), drawn with Recharts: this file and the library are in the tab's own chunk, loaded
 * when an admin opens the tab (decision 036). Each chart is a figure whose caption says what it shows; the tables
 * beside it carry the same figures for screen readers and for reading exact numbers.
 */

const COLOURS = CHART_COLOURS;
/** The report carries the periods of the first USAGE_SERIES_LIMIT of each list: the chart's lines. */
const TOP = USAGE_SERIES_LIMIT;

function ChartFigure({
  title,
  testId,
  control,
  children,
}: {
  title: string;
  testId: string;
  control?: ReactNode;
  children: ReactNode;
}) {
  return (
    <figure
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
      data-testid={testId}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <figcaption className="text-base font-semibold text-slate-900 dark:text-white">{title}</figcaption>
        {control}
      </div>
      <div className="h-72 w-full text-xs text-slate-600 dark:text-slate-300">{children}</div>
    </figure>
  );
}

/** Which of the report's lists the time chart draws lines for (the first USAGE_SERIES_LIMIT of each carry periods). */
export type UsageLines = 'organizations' | 'dashboards' | 'people';
const LINE_NAMES: Record<UsageLines, string> = {
  organizations: 'the top organizations',
  dashboards: 'the most viewed dashboards',
  people: 'the most active people',
};

/** All views per period, and those of the five organizations, dashboards or people with the most views. */
export function ViewsOverTimeChart({
  report,
  lines,
  control,
}: {
  report: UsageReport;
  lines: UsageLines;
  /** The choice of lines, shown beside the caption. */
  control: ReactNode;
}) {
  const top = report[lines].filter((item) => item.counts).slice(0, TOP);
  const data = report.buckets.map((bucket, i) => ({
    label: bucketLabel(bucket, report.groupBy),
    total: report.totals[i] ?? 0,
    ...Object.fromEntries(top.map((item) => [`line-${item.id}`, item.counts?.[i] ?? 0])),
  }));
  return (
    <ChartFigure title={`Views over time: all, and ${LINE_NAMES[lines]}`} testId="usage-chart-time" control={control}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 12, bottom: 4, left: -12 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
          <XAxis dataKey="label" stroke="currentColor" minTickGap={16} />
          <YAxis allowDecimals={false} stroke="currentColor" />
          <Tooltip />
          <Legend />
          <Line type="linear" dataKey="total" name="All views" stroke={TOTAL_COLOUR} strokeWidth={3} dot={false} />
          {top.map((item, i) => (
            <Line
              key={item.id}
              type="linear"
              dataKey={`line-${item.id}`}
              name={item.name}
              stroke={COLOURS[i % COLOURS.length]}
              strokeWidth={2}
              dot={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

/** The ten with the most views over the period, as horizontal bars. */
export function TopViewsChart({
  title,
  testId,
  items,
  colour,
}: {
  title: string;
  testId: string;
  items: { id: number; name: string; total: number }[];
  colour: number;
}) {
  const data = items.slice(0, 10).map((item) => ({ name: item.name, views: item.total }));
  return (
    <ChartFigure title={title} testId={testId}>
      {data.length === 0 ? (
        <p className="flex h-full items-center justify-center text-sm">No views in this period.</p>
      ) : (
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 4 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} horizontal={false} />
            <XAxis type="number" allowDecimals={false} stroke="currentColor" />
            <YAxis
              type="category"
              dataKey="name"
              width={110}
              stroke="currentColor"
              tickFormatter={(name: string) => (name.length > 16 ? `${name.slice(0, 15)}…` : name)}
            />
            <Tooltip />
            <Bar dataKey="views" name="Views" fill={COLOURS[colour % COLOURS.length]} radius={[0, 4, 4, 0]} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartFigure>
  );
}
