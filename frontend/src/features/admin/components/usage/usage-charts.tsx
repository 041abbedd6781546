// Long file: the Usage tab's two charts, drawn as SVG by hand, with their shared figure, axes and legend.
import { USAGE_SERIES_LIMIT, type UsageReport } from '@app/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { CHART_COLOURS, TOTAL_COLOUR } from '../../utils/chart-colours';
import { countTicks, labelStride, linear, shortLabel } from '../../utils/chart-scale';
import { bucketLabel } from '../../utils/usage-period';

/**
 * The Usage tab's charts (issue 18), drawn as SVG with the two scales they need (utils/chart-scale.ts) rather than a
 * charting library (issue 30: the tab's code went from 125 KB gzipped with Recharts to a few KB). This file is in the
 * tab's own chunk, loaded when an admin opens the tab (decision 036). Each chart is a figure whose caption says what
 * it shows; the tables beside it carry the same figures for screen readers and for reading exact numbers, so the
 * drawing itself is hidden from them.
 */

const COLOURS = CHART_COLOURS;
/** The report carries the periods of the first USAGE_SERIES_LIMIT of each list: the chart's lines. */
const TOP = USAGE_SERIES_LIMIT;
const HEIGHT = 288;
/** An estimate of a label's width in the charts' 12 px text. */
const textWidth = (text: string) => text.length * 6.5;

/** The width of the element, followed as it changes (the charts draw in pixels, so text keeps its size). */
function useWidth<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

function ChartFigure({
  title,
  testId,
  control,
  legend,
  children,
}: {
  title: string;
  testId: string;
  control?: ReactNode;
  legend?: ReactNode;
  children: (width: number) => ReactNode;
}) {
  const [ref, width] = useWidth<HTMLDivElement>();
  return (
    <figure
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
      data-testid={testId}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <figcaption className="text-base font-semibold text-slate-900 dark:text-white">{title}</figcaption>
        {control}
      </div>
      <div ref={ref} className="relative w-full text-xs text-slate-600 dark:text-slate-300" style={{ height: HEIGHT }}>
        {width > 0 && children(width)}
      </div>
      {legend}
    </figure>
  );
}

/** Dashed grid lines across the chart, one per count tick. */
function Grid({ lines }: { lines: { key: number; x1: number; y1: number; x2: number; y2: number }[] }) {
  return (
    <g stroke="currentColor" strokeOpacity={0.15} strokeDasharray="3 3">
      {lines.map(({ key, ...line }) => (
        <line key={key} {...line} />
      ))}
    </g>
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
  const labels = report.buckets.map((bucket) => bucketLabel(bucket, report.groupBy));
  const series = [
    { key: 'total', name: 'All views', colour: TOTAL_COLOUR, width: 3, values: report.totals },
    ...report[lines]
      .filter((item) => item.counts)
      .slice(0, TOP)
      .map((item, i) => ({
        key: String(item.id),
        name: item.name,
        colour: COLOURS[i % COLOURS.length] as string,
        width: 2,
        values: item.counts ?? [],
      })),
  ];
  const [hover, setHover] = useState<number | null>(null);
  const ticks = countTicks(Math.max(0, ...series.flatMap((s) => s.values)));
  const top = ticks.at(-1) ?? 1;
  const left = Math.max(28, textWidth(top.toLocaleString('en-US')) + 12);
  const legend = (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700 dark:text-slate-300">
      {series.map((s) => (
        <li key={s.key} className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-0.5 w-4" style={{ backgroundColor: s.colour }} />
          {s.name}
        </li>
      ))}
    </ul>
  );
  return (
    <ChartFigure
      title={`Views over time: all, and ${LINE_NAMES[lines]}`}
      testId="usage-chart-time"
      control={control}
      legend={legend}
    >
      {(width) => {
        const plot = { left, right: width - 12, top: 8, bottom: HEIGHT - 24 };
        const step = labels.length > 1 ? (plot.right - plot.left) / (labels.length - 1) : 0;
        const x = (i: number) => (labels.length > 1 ? plot.left + i * step : (plot.left + plot.right) / 2);
        const y = linear(top, [plot.bottom, plot.top]);
        const stride = labelStride(labels.length, step, Math.max(0, ...labels.map(textWidth)));
        const pick = (clientX: number, box: DOMRect) =>
          labels.length
            ? Math.min(labels.length - 1, Math.max(0, Math.round((clientX - box.left - plot.left) / (step || 1))))
            : null;
        return (
          <>
            <svg
              width={width}
              height={HEIGHT}
              aria-hidden="true"
              className="overflow-visible"
              onPointerMove={(event) => setHover(pick(event.clientX, event.currentTarget.getBoundingClientRect()))}
              onPointerLeave={() => setHover(null)}
            >
              <Grid lines={ticks.map((t) => ({ key: t, x1: plot.left, x2: plot.right, y1: y(t), y2: y(t) }))} />
              <g fill="currentColor" textAnchor="end">
                {ticks.map((t) => (
                  <text key={t} x={plot.left - 6} y={y(t)} dy="0.32em">
                    {t.toLocaleString('en-US')}
                  </text>
                ))}
              </g>
              <g fill="currentColor" textAnchor="middle">
                {labels.map((label, i) =>
                  i % stride === 0 ? (
                    <text
                      key={label}
                      // Kept inside the drawing: the first and last labels would stick out by half their width.
                      x={Math.min(width - textWidth(label) / 2, Math.max(textWidth(label) / 2, x(i)))}
                      y={plot.bottom + 16}
                    >
                      {label}
                    </text>
                  ) : null,
                )}
              </g>
              <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} stroke="currentColor" />
              {hover !== null && (
                <line
                  x1={x(hover)}
                  x2={x(hover)}
                  y1={plot.top}
                  y2={plot.bottom}
                  stroke="currentColor"
                  strokeOpacity={0.4}
                />
              )}
              {series.map((s) => (
                <path
                  key={s.key}
                  data-line={s.name}
                  d={labels.map((_, i) => `${i ? 'L' : 'M'}${x(i)},${y(s.values[i] ?? 0)}`).join('')}
                  fill="none"
                  stroke={s.colour}
                  strokeWidth={s.width}
                  strokeLinejoin="round"
                />
              ))}
            </svg>
            {hover !== null && (
              <div
                aria-hidden="true"
                className="pointer-events-none absolute top-2 rounded-md border border-slate-200 bg-white p-2 shadow-md dark:border-slate-700 dark:bg-slate-800"
                style={x(hover) > width / 2 ? { right: width - x(hover) + 8 } : { left: x(hover) + 8 }}
              >
                <p className="mb-1 font-semibold text-slate-900 dark:text-white">{labels[hover]}</p>
                {series.map((s) => (
                  <p key={s.key} style={{ color: s.colour }}>
                    {s.name}: {(s.values[hover] ?? 0).toLocaleString('en-US')}
                  </p>
                ))}
              </div>
            )}
          </>
        );
      }}
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
  const data = items.slice(0, 10);
  const fill = COLOURS[colour % COLOURS.length];
  if (data.length === 0)
    return (
      <ChartFigure title={title} testId={testId}>
        {() => <p className="flex h-full items-center justify-center text-sm">No views in this period.</p>}
      </ChartFigure>
    );
  const ticks = countTicks(Math.max(...data.map((item) => item.total)));
  const top = ticks.at(-1) ?? 1;
  return (
    <ChartFigure title={title} testId={testId}>
      {(width) => {
        const plot = { left: 118, right: width - 16, top: 4, bottom: HEIGHT - 24 };
        const x = linear(top, [plot.left, plot.right]);
        const band = (plot.bottom - plot.top) / data.length;
        const barHeight = Math.min(32, band * 0.8);
        const stride = labelStride(ticks.length, x(ticks[1] ?? 1) - x(0), textWidth(top.toLocaleString('en-US')), 8);
        return (
          <svg width={width} height={HEIGHT} aria-hidden="true" className="overflow-visible">
            <Grid lines={ticks.map((t) => ({ key: t, x1: x(t), x2: x(t), y1: plot.top, y2: plot.bottom }))} />
            <g fill="currentColor" textAnchor="middle">
              {ticks.map((t, i) =>
                i % stride === 0 ? (
                  <text key={t} x={x(t)} y={plot.bottom + 16}>
                    {t.toLocaleString('en-US')}
                  </text>
                ) : null,
              )}
            </g>
            {data.map((item, i) => {
              const middle = plot.top + band * i + band / 2;
              const length = Math.max(0, x(item.total) - plot.left);
              const r = Math.min(4, length / 2, barHeight / 2);
              const top0 = middle - barHeight / 2;
              return (
                <g key={item.id}>
                  <text x={plot.left - 8} y={middle} dy="0.32em" textAnchor="end" fill="currentColor">
                    {shortLabel(item.name)}
                  </text>
                  <path
                    data-bar={item.name}
                    fill={fill}
                    d={`M${plot.left},${top0}h${length - r}a${r},${r} 0 0 1 ${r},${r}v${barHeight - 2 * r}a${r},${r} 0 0 1 -${r},${r}h-${length - r}z`}
                  >
                    <title>{`${item.name}: ${item.total.toLocaleString('en-US')} views`}</title>
                  </path>
                </g>
              );
            })}
            <line x1={plot.left} x2={plot.left} y1={plot.top} y2={plot.bottom} stroke="currentColor" />
          </svg>
        );
      }}
    </ChartFigure>
  );
}
