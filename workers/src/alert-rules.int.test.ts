/**
 * The alert rules of deploy/monitoring/prometheus/alerts.yaml evaluated by Prometheus's own `promtool test rules`
 * against metrics scraped from the running workers (issue 31): the series Prometheus would have stored are the
 * scrapes before and after something went wrong, so an alert that cannot see the first failure (a counter that only
 * appears at its first increment) or that keeps firing on failures already kept fails here.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTcpProxy, waitUntil } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../backend/testing/app';
import { startMailingWorkers } from '../testing';

const RULES = new URL('../../deploy/monitoring/prometheus/alerts.yaml', import.meta.url).pathname;
const TARGET = { job: 'lucid-insight-workers', pod: 'workers-0', instance: '127.0.0.1:3001' };

type Scrape = Map<string, number>;

/** A text exposition as `series -> value`, the target's labels added as Prometheus adds them. */
function parseScrape(text: string, keep: (name: string) => boolean): Scrape {
  const series: Scrape = new Map();
  const target = Object.entries(TARGET)
    .map(([key, value]) => `${key}="${value}"`)
    .join(',');
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || !keep(match[1]!)) continue;
    const labels = match[2] ? `${match[2]},${target}` : target;
    series.set(`${match[1]}{${labels}}`, Number(match[3]));
  }
  return series;
}

/** Each series as Prometheus stores it: the first scrape for `before` minutes, then the second one. */
function inputSeries(first: Scrape, second: Scrape, before: number, after: number) {
  const keys = new Set([...first.keys(), ...second.keys()]);
  const value = (scrape: Scrape, key: string) => (scrape.has(key) ? String(scrape.get(key)) : '_');
  return [...keys].map((series) => ({
    series,
    values: `${value(first, series)}x${before} ${value(second, series)}x${after}`,
  }));
}

interface AlertCheck {
  at: string;
  alert: string;
  expect: Record<string, string>[];
}

/** Runs promtool over the real rules (annotations left out: they are prose, the expressions are what is tested). */
function promtool(series: ReturnType<typeof inputSeries>, checks: AlertCheck[]) {
  const dir = mkdtempSync(join(tmpdir(), 'alerts-'));
  const rules = Bun.YAML.parse(readFileSync(RULES, 'utf8')) as { groups: { rules: { annotations?: unknown }[] }[] };
  for (const group of rules.groups) for (const rule of group.rules) delete rule.annotations;
  // JSON is YAML: promtool reads both.
  writeFileSync(join(dir, 'rules.yaml'), JSON.stringify(rules));
  const test = {
    rule_files: ['rules.yaml'],
    evaluation_interval: '1m',
    tests: [
      {
        interval: '1m',
        input_series: series,
        alert_rule_test: checks.map((check) => ({
          eval_time: check.at,
          alertname: check.alert,
          exp_alerts: check.expect.map((labels) => ({ exp_labels: labels })),
        })),
      },
    ],
  };
  writeFileSync(join(dir, 'test.yaml'), JSON.stringify(test));
  const run = spawnSync('promtool', ['test', 'rules', 'test.yaml'], { cwd: dir, encoding: 'utf8' });
  if (run.error) throw new Error(`promtool is needed (Debian's prometheus package): ${run.error.message}`);
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

const counters = (name: string) =>
  [
    'emails_failed_total',
    'emails_sent_total',
    'email_attempts_failed_total',
    'jobs_failed_total',
    'worker_ready',
    'database_up',
  ].includes(name);

describe('alert rules against the running workers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('fire at the first e-mail given up on, and not for failed jobs merely kept', async () => {
    const mailing = await startMailingWorkers(t, { env: { EMAIL_ATTEMPTS: '2', EMAIL_BACKOFF_MS: '50' } });
    try {
      const { runtime } = mailing.workers;
      const scrape = async () => parseScrape(await runtime.metrics.registry.metrics(), counters);
      const before = await scrape();
      // Counters with known labels exist from the start, at 0.
      expect(before.get(`emails_failed_total{template="contact-acknowledgement",${targetLabels()}}`)).toBe(0);
      expect(before.get(`jobs_failed_total{queue="emails",${targetLabels()}}`)).toBe(0);

      mailing.smtp.refuse(1000);
      expect((await t.post('/api/contact', contactMessage())).status).toBe(201);
      await waitUntil(async () => (await runtime.queues.emails.getJobCounts('failed')).failed === 2, 20_000);
      const after = await scrape();
      expect(after.get(`jobs_failed_total{queue="emails",${targetLabels()}}`)).toBe(2);
      // Each attempt's duration is measured, failed ones included.
      expect(await runtime.metrics.registry.metrics()).toMatch(
        /job_duration_seconds_count\{queue="emails",outcome="failed"\} [1-9]/,
      );

      const series = inputSeries(before, after, 6, 90);
      // The failed jobs stay on the list for the whole hour and more, as an operator who has not cleaned up keeps them.
      series.push({ series: 'queue_jobs{queue="emails",state="failed",job="lucid-insight-api"}', values: '0x5 2x90' });
      const failedTemplate = { severity: 'warning', template: 'contact-acknowledgement' };
      const result = promtool(series, [
        {
          at: '10m',
          alert: 'LucidInsightEmailsFailing',
          expect: [failedTemplate, { ...failedTemplate, template: 'contact-notification' }],
        },
        { at: '10m', alert: 'LucidInsightFailedJobs', expect: [{ severity: 'warning', queue: 'emails' }] },
        { at: '14m', alert: 'LucidInsightEmailsRetrying', expect: [{ severity: 'warning' }] },
        // Half an hour later nothing new failed: the kept jobs alone fire nothing.
        { at: '40m', alert: 'LucidInsightFailedJobs', expect: [] },
      ]);
      expect(result.output).toContain('SUCCESS');
      expect(result.ok).toBe(true);
    } finally {
      await mailing.close();
    }
  });

  it('tell workers that run but cannot reach the database, with no traffic at all', async () => {
    const url = new URL(t.databaseUrl);
    const proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
    url.host = `127.0.0.1:${proxy.port}`;
    const mailing = await startMailingWorkers({ databaseUrl: url.toString(), queuePrefix: t.queuePrefix });
    try {
      const { runtime } = mailing.workers;
      const scrape = async () => parseScrape(await runtime.metrics.registry.metrics(), counters);
      const before = await scrape();
      expect(before.get(`worker_ready{${targetLabels()}}`)).toBe(1);
      expect(before.get(`database_up{${targetLabels()}}`)).toBe(1);
      await proxy.cut();
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const after = await scrape();
      expect(after.get(`worker_ready{${targetLabels()}}`)).toBe(0);
      expect(after.get(`database_up{${targetLabels()}}`)).toBe(0);

      const result = promtool(inputSeries(before, after, 6, 30), [
        { at: '5m', alert: 'LucidInsightWorkersNotReady', expect: [] },
        { at: '13m', alert: 'LucidInsightWorkersNotReady', expect: [{ severity: 'critical', ...podLabels() }] },
        {
          at: '13m',
          alert: 'LucidInsightDatabaseDown',
          expect: [{ severity: 'critical', job: 'lucid-insight-workers' }],
        },
      ]);
      expect(result.output).toContain('SUCCESS');
      expect(result.ok).toBe(true);
    } finally {
      await proxy.restore();
      await mailing.close();
      await proxy.close();
    }
  });
});

function targetLabels() {
  return Object.entries(TARGET)
    .map(([key, value]) => `${key}="${value}"`)
    .join(',');
}
const podLabels = () => ({ job: TARGET.job, pod: TARGET.pod, instance: TARGET.instance });

let contacts = 0;
function contactMessage() {
  contacts++;
  return {
    name: `Ada ${contacts}`,
    email: `ada${contacts}@example.com`,
    subject: 'Dashboards',
    message: 'We need dashboards.',
  };
}
