import { CalendarJobNames, EmailTemplates, LookerSharingJobNames, QueueNames } from '@app/contracts/server';
import type { Database } from '@app/db';
import { registerBuildInfo } from '@app/platform/build-info';
import { outOfStep } from '@app/platform/lookerstudio/sharing.repository';
import { flaggedDashboardCount } from '@app/platform/powerbi/report-check.repository';
import { registerProcessMetrics } from '@app/platform/process-metrics';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics of the workers (D23), served at /metrics on the workers' health port.
 *
 * Every counter whose labels are known in advance (templates, calendar operations, queues) starts at 0 for each of
 * them: a counter that only appears at its first increment makes `increase()` over it 0 at that moment, so an alert on
 * it would miss the first failures (issue 31).
 */
export function createWorkerMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registerBuildInfo(registry, 'workers');
  registerProcessMetrics(registry);
  const templates = EmailTemplates.map((template) => ({ template }));
  const queues = Object.values(QueueNames).map((queue) => ({ queue }));
  let readiness: (() => Promise<boolean>) | null = null;
  let lookerDb: Database | null = null;
  let powerBiDb: Database | null = null;
  /** Read from the database at each scrape: every worker process reports the same figures (the alert takes max). */
  const readOutOfStep = async () => (lookerDb ? outOfStep(lookerDb).catch(() => null) : null);
  /** A gauge set at each scrape to what `read` finds; null (nothing to read yet, no answer) leaves it as it was. */
  const scrapedGauge = (name: string, help: string, read: () => Promise<number | null>) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const value = await read();
        if (value !== null) this.set(value);
      },
    });
  const metrics = {
    registry,
    /** Looker Studio sharing's gauges read this database from now on (issue 28). */
    watchLookerSharing(db: Database) {
      lookerDb = db;
    },
    /** The Power BI gauges read this database from now on (issue 29). */
    watchPowerBi(db: Database) {
      powerBiDb = db;
    },
    powerBiBrokenDashboards: scrapedGauge(
      'powerbi_dashboards_broken',
      'Power BI dashboards whose report or workspace the nightly check found gone or no longer visible',
      async () => (powerBiDb ? await flaggedDashboardCount(powerBiDb).catch(() => null) : null),
    ),
    lookerOutOfStep: scrapedGauge(
      'looker_sharing_out_of_step',
      'Looker Studio reports whose sharing is not in step with the organizations (pending or failing)',
      async () => (await readOutOfStep())?.count ?? null,
    ),
    lookerOldestOutOfStep: scrapedGauge(
      'looker_sharing_oldest_out_of_step_seconds',
      'How long the Looker Studio report longest out of step has been so (0 when every one is in step)',
      async () => (await readOutOfStep())?.oldestSeconds ?? null,
    ),
    lookerSharingErrors: new Counter({
      name: 'looker_sharing_errors_total',
      help: 'Failed Looker Studio sharing jobs (a report brought in step, the reconcile), by operation',
      labelNames: ['operation'],
      registers: [registry],
    }),
    emailsSent: new Counter({
      name: 'emails_sent_total',
      help: 'E-mails accepted by the SMTP server, by template',
      labelNames: ['template'],
      registers: [registry],
    }),
    emailsFailed: new Counter({
      name: 'emails_failed_total',
      help: 'E-mails given up on after their last attempt, by template',
      labelNames: ['template'],
      registers: [registry],
    }),
    emailAttemptsFailed: new Counter({
      name: 'email_attempts_failed_total',
      help: 'Attempts to send an e-mail that failed (each is retried until the last), by template',
      labelNames: ['template'],
      registers: [registry],
    }),
    // Not `job`: Prometheus keeps that label name for the scrape job and would rename ours to `exported_job`.
    calendarErrors: new Counter({
      name: 'calendar_sync_errors_total',
      help: 'Failed calendar jobs (put, remove, busy-time sync), by operation',
      labelNames: ['operation'],
      registers: [registry],
    }),
    jobsFailed: new Counter({
      name: 'jobs_failed_total',
      help: 'Jobs that used up their last attempt (they stay on the failed list), by queue',
      labelNames: ['queue'],
      registers: [registry],
    }),
    jobDuration: new Histogram({
      name: 'job_duration_seconds',
      help: 'How long a job attempt ran, by queue and outcome',
      labelNames: ['queue', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers: [registry],
    }),
    ready: scrapedGauge(
      'worker_ready',
      'Whether the worker process reaches PostgreSQL and Redis (1) or not (0), read at each scrape',
      async () => (readiness ? Number(await readiness()) : null),
    ),
    /** What `worker_ready` reads at each scrape (the runtime's own check of PostgreSQL and Redis). */
    setReadiness(check: () => Promise<boolean>) {
      readiness = check;
    },
  };
  for (const labels of templates) {
    metrics.emailsSent.inc(labels, 0);
    metrics.emailsFailed.inc(labels, 0);
    metrics.emailAttemptsFailed.inc(labels, 0);
  }
  for (const operation of Object.values(CalendarJobNames)) metrics.calendarErrors.inc({ operation }, 0);
  for (const operation of Object.values(LookerSharingJobNames)) metrics.lookerSharingErrors.inc({ operation }, 0);
  for (const labels of queues) metrics.jobsFailed.inc(labels, 0);
  return metrics;
}

export type WorkerMetrics = ReturnType<typeof createWorkerMetrics>;
