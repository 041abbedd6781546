import type { Database } from '@app/db';
import { registerBuildInfo } from '@app/platform/build-info';
import { outOfStep } from '@app/platform/lookerstudio/sharing.repository';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';

/** Prometheus metrics of the workers (D23), served at /metrics on the workers' health port. */
export function createWorkerMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registerBuildInfo(registry, 'workers');
  let lookerDb: Database | null = null;
  /** Read from the database at each scrape: every worker process reports the same figures (the alert takes max). */
  const readOutOfStep = async () => (lookerDb ? outOfStep(lookerDb).catch(() => null) : null);
  return {
    /** Looker Studio sharing's gauges read this database from now on (issue 28). */
    watchLookerSharing(db: Database) {
      lookerDb = db;
    },
    lookerOutOfStep: new Gauge({
      name: 'looker_sharing_out_of_step',
      help: 'Looker Studio reports whose sharing is not in step with the organizations (pending or failing)',
      registers: [registry],
      async collect() {
        const found = await readOutOfStep();
        if (found) this.set(found.count);
      },
    }),
    lookerOldestOutOfStep: new Gauge({
      name: 'looker_sharing_oldest_out_of_step_seconds',
      help: 'How long the Looker Studio report longest out of step has been so (0 when every one is in step)',
      registers: [registry],
      async collect() {
        const found = await readOutOfStep();
        if (found) this.set(found.oldestSeconds);
      },
    }),
    lookerSharingErrors: new Counter({
      name: 'looker_sharing_errors_total',
      help: 'Failed Looker Studio sharing jobs (a report brought in step, the reconcile), by job',
      labelNames: ['job'],
      registers: [registry],
    }),
    registry,
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
    calendarErrors: new Counter({
      name: 'calendar_sync_errors_total',
      help: 'Failed calendar jobs (put, remove, busy-time sync), by job',
      labelNames: ['job'],
      registers: [registry],
    }),
  };
}

export type WorkerMetrics = ReturnType<typeof createWorkerMetrics>;
