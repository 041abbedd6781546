/**
 * The alert rules and the Grafana dashboard of deploy/monitoring/ against the metrics the API and the workers really
 * export: every expression parses (the Prometheus project's own PromQL grammar), names only metrics that exist (or
 * their histogram series), uses only their labels, and never takes a rate or an increase of a gauge.
 */
import { readFileSync } from 'node:fs';
import type { SyntaxNode } from '@lezer/common';
import { parser } from '@prometheus-io/lezer-promql';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { createRequestMetrics, metricsPlugin } from '../backend/src/plugins/metrics';
import { createWorkerMetrics } from '../workers/src/metrics';

const root = new URL('../deploy/monitoring/', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

type Kind = 'counter' | 'gauge' | 'histogram' | 'summary';
interface Exported {
  kind: Kind;
  labels: Set<string>;
}

/** What a registry exports, without collecting (nothing is connected): each metric's type and label names. */
function catalogue(registry: ReturnType<typeof createWorkerMetrics>['registry'], into: Map<string, Exported>) {
  for (const metric of registry.getMetricsAsArray() as unknown as {
    name: string;
    type: Kind;
    labelNames?: readonly string[];
  }[]) {
    const known = into.get(metric.name);
    const labels = new Set([...(known?.labels ?? []), ...(metric.labelNames ?? [])]);
    into.set(metric.name, { kind: metric.type, labels });
  }
}

const exported = new Map<string, Exported>();
const api = createRequestMetrics();
// The plugin registers the queue, outbox and Redis gauges; it connects nothing until scraped.
metricsPlugin({ sql: {}, redis: {}, prefix: 'unused' } as unknown as Parameters<typeof metricsPlugin>[0], api);
catalogue(api.registry, exported);
catalogue(createWorkerMetrics().registry, exported);
// Prometheus's own series for every scrape target, and the labels the scrape jobs add (scrape.yaml).
exported.set('up', { kind: 'gauge', labels: new Set() });
const TARGET_LABELS = ['job', 'instance', 'pod', 'namespace'];

/** A series name as selected: a metric, or a histogram's `_bucket`/`_sum`/`_count`. */
function resolve(name: string): { metric: string; exported: Exported; series: 'value' | 'bucket' | 'sum' | 'count' } {
  const direct = exported.get(name);
  if (direct) return { metric: name, exported: direct, series: 'value' };
  const match = /^(.*)_(bucket|sum|count)$/.exec(name);
  const base = match && exported.get(match[1]!);
  if (match && base && (base.kind === 'histogram' || base.kind === 'summary'))
    return { metric: match[1]!, exported: base, series: match[2] as 'bucket' | 'sum' | 'count' };
  throw new Error(`${name} is not exported by the API or the workers`);
}

const RANGE_OF_COUNTERS = new Set(['rate', 'irate', 'increase', 'resets']);

/** Every problem of one expression (an empty list when it is sound). */
function check(expression: string): string[] {
  const problems: string[] = [];
  // Grafana's range variable is a duration to Prometheus.
  const text = expression.replaceAll('$__rate_interval', '5m').replaceAll('$__interval', '1m');
  const tree = parser.parse(text);
  const source = (node: SyntaxNode) => text.slice(node.from, node.to);
  tree.iterate({
    enter: (ref) => {
      if (ref.type.isError) problems.push(`does not parse at ${ref.from}: ${text.slice(ref.from, ref.from + 20)}`);
      if (ref.name !== 'VectorSelector') return;
      const node = ref.node;
      const identifier = node.getChild('Identifier');
      if (!identifier) return;
      const name = source(identifier);
      let found: ReturnType<typeof resolve>;
      try {
        found = resolve(name);
      } catch (error) {
        problems.push((error as Error).message);
        return;
      }
      for (const matcher of node.getChild('LabelMatchers')?.getChildren('UnquotedLabelMatcher') ?? []) {
        const label = source(matcher.getChild('LabelName')!);
        const allowed =
          found.exported.labels.has(label) ||
          TARGET_LABELS.includes(label) ||
          (label === 'le' && found.series === 'bucket');
        if (!allowed) problems.push(`${name} has no label ${label}`);
      }
      // The functions around this selector, innermost first.
      const functions: string[] = [];
      for (let parent = node.parent; parent; parent = parent.parent) {
        const fn = parent.name === 'FunctionCall' ? parent.getChild('FunctionIdentifier') : null;
        if (fn) functions.push(source(fn));
      }
      const [innermost = ''] = functions;
      if (RANGE_OF_COUNTERS.has(innermost) && node.parent?.name === 'MatrixSelector') {
        const counterLike = found.exported.kind === 'counter' || found.series !== 'value';
        if (!counterLike) problems.push(`${innermost}() of ${name}, a ${found.exported.kind}`);
      }
      if (functions.includes('histogram_quantile') && found.series !== 'bucket')
        problems.push(`histogram_quantile over ${name}, not a histogram's _bucket series`);
    },
  });
  return problems;
}

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels: { severity: string };
  annotations: { summary: string; description: string; runbook: string };
}
const rules = (
  parseYaml(read('prometheus/alerts.yaml')) as { groups: { name: string; rules: Rule[] }[] }
).groups.flatMap((group) => group.rules);
const dashboardText = read('grafana/lucid-insight.json');
const dashboard = JSON.parse(dashboardText) as {
  panels: { title: string; datasource: { uid: string }; targets: { expr: string; datasource: { uid: string } }[] }[];
  templating: { list: { name: string; type: string; query: unknown }[] };
};
const operations = readFileSync(new URL('../docs/operations.md', import.meta.url), 'utf8');
const anchors = new Set(
  [...operations.matchAll(/^#+ (.+)$/gm)].map((m) =>
    m[1]!
      .toLowerCase()
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/\s/g, '-'),
  ),
);

describe('the alert rules (deploy/monitoring/prometheus/alerts.yaml)', () => {
  it('are a rule file with at least the alerts an operator needs', () => {
    expect(rules.length).toBeGreaterThanOrEqual(10);
    expect(new Set(rules.map((rule) => rule.alert)).size).toBe(rules.length);
  });

  it.each(rules.map((rule) => [rule.alert, rule] as const))('%s uses only what the app exports', (_name, rule) => {
    expect(check(rule.expr)).toEqual([]);
  });

  it.each(rules.map((rule) => [rule.alert, rule] as const))(
    '%s has a severity, a summary and a runbook that exists',
    (_n, rule) => {
      expect(['critical', 'warning', 'info']).toContain(rule.labels.severity);
      expect(rule.annotations.summary).toBeTruthy();
      expect(rule.annotations.description).toBeTruthy();
      const [file, anchor] = rule.annotations.runbook.split('#');
      expect(file).toBe('docs/operations.md');
      expect(anchors, `no section #${anchor} in docs/operations.md`).toContain(anchor);
    },
  );
});

describe('the Grafana dashboard (deploy/monitoring/grafana/lucid-insight.json)', () => {
  const targets = dashboard.panels.flatMap((panel) =>
    panel.targets.map((target) => [panel.title, target.expr] as const),
  );

  it('has panels for traffic, latency, errors, queues, outbox, e-mails and releases', () => {
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(10);
    const all = targets.map(([, expr]) => expr).join('\n');
    for (const metric of [
      'http_request_duration_seconds_bucket',
      'queue_jobs',
      'outbox_lag_seconds',
      'emails_sent_total',
      'build_info',
    ])
      expect(all).toContain(metric);
  });

  it.each(targets)('%s: %s', (_title, expr) => {
    expect(check(expr)).toEqual([]);
  });

  // A file or sidecar provisioner (kube-prometheus-stack) loads the JSON as it is: an import-time placeholder such as
  // ${DS_PROMETHEUS} is never filled there, and every panel would say "datasource not found".
  it('can be provisioned from a file: a data source variable, no import-time placeholder', () => {
    expect(dashboardText).not.toMatch(/\$\{DS_|__inputs/);
    const variables = new Map(dashboard.templating.list.map((variable) => [variable.name, variable]));
    expect(variables.get('datasource')).toMatchObject({ type: 'datasource', query: 'prometheus' });
    for (const panel of dashboard.panels) {
      expect(panel.datasource.uid, panel.title).toBe('${datasource}');
      for (const target of panel.targets) expect(target.datasource.uid, panel.title).toBe('${datasource}');
    }
  });

  it('narrows every panel to the chosen namespace and pods', () => {
    const variables = new Set(dashboard.templating.list.map((variable) => variable.name));
    expect(variables).toEqual(new Set(['datasource', 'namespace', 'pod']));
    for (const [title, expr] of targets) {
      const selectors = expr.match(/\b[a-z_]+\{[^}]*\}/g) ?? [];
      expect(selectors.length, title).toBeGreaterThan(0);
      for (const selector of selectors) expect(selector, title).toMatch(/namespace=~"\$namespace",pod=~"\$pod"/);
    }
  });
});

describe('the checker itself', () => {
  it('refuses an increase of a gauge, an unknown metric, a label a metric lacks and broken PromQL', () => {
    expect(check('increase(outbox_lag_seconds[1h]) > 0')).toEqual(['increase() of outbox_lag_seconds, a gauge']);
    expect(check('rate(queue_jobs[5m])')).toEqual(['rate() of queue_jobs, a gauge']);
    expect(check('emails_lost_total > 0')).toEqual(['emails_lost_total is not exported by the API or the workers']);
    expect(check('emails_sent_total{queue="x"}')).toEqual(['emails_sent_total has no label queue']);
    expect(check('histogram_quantile(0.9, rate(http_request_duration_seconds_count[5m]))')).toEqual([
      "histogram_quantile over http_request_duration_seconds_count, not a histogram's _bucket series",
    ]);
    expect(check('sum(rate(emails_sent_total[5m])')).not.toEqual([]);
  });

  it('accepts rates of counters and of histogram series', () => {
    expect(check('sum by (template) (increase(emails_sent_total[1h]))')).toEqual([]);
    expect(
      check('rate(http_request_duration_seconds_sum[5m]) / rate(http_request_duration_seconds_count[5m])'),
    ).toEqual([]);
  });

  it('finds no metric with a label Prometheus sets on every target (it would be renamed exported_<label>)', () => {
    for (const [name, metric] of exported)
      if (name !== 'up') for (const label of ['job', 'instance']) expect(metric.labels.has(label), name).toBe(false);
  });

  it('knows build_info in both processes', () => {
    expect(exported.get('build_info')?.labels).toEqual(new Set(['version', 'commit', 'runtime', 'service']));
  });
});
