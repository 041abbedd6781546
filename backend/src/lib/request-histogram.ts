import type { Registry } from 'prom-client';

interface Series {
  labels: { method: string; route: string; status: string };
  buckets: Float64Array;
  sum: number;
  count: number;
}

/**
 * The request-duration histogram, kept on the hot path of every request: one Map lookup by a joined key and a few
 * additions per observation (prom-client's Histogram validates and hashes its labels on every call, a noticeable
 * share of a cached answer's cost). It registers itself in a prom-client registry, which formats it like any
 * histogram: `<name>_bucket{le=...}`, `<name>_sum`, `<name>_count`.
 */
export class RequestHistogram {
  readonly type = 'histogram';
  readonly labelNames = ['method', 'route', 'status'] as const;
  private readonly series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.series.get(key);
    if (!series) {
      series = {
        labels: { method, route, status: String(status) },
        buckets: new Float64Array(this.bounds.length),
        sum: 0,
        count: 0,
      };
      this.series.set(key, series);
    }
    series.sum += seconds;
    series.count += 1;
    for (let i = 0; i < this.bounds.length; i++) {
      if (seconds <= (this.bounds[i] as number)) {
        (series.buckets[i] as number)++;
        break;
      }
    }
  }

  /** prom-client's metric interface, read when /metrics is scraped. */
  get() {
    const values: Array<{ metricName: string; labels: Record<string, string | number>; value: number }> = [];
    for (const series of this.series.values()) {
      let cumulative = 0;
      this.bounds.forEach((bound, i) => {
        cumulative += series.buckets[i] as number;
        values.push({ metricName: `${this.name}_bucket`, labels: { le: bound, ...series.labels }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { le: '+Inf', ...series.labels }, value: series.count });
      values.push({ metricName: `${this.name}_sum`, labels: series.labels, value: series.sum });
      values.push({ metricName: `${this.name}_count`, labels: series.labels, value: series.count });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: 'sum' };
  }

  reset(): void {
    this.series.clear();
  }
}
