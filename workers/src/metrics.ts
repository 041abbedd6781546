import { registerBuildInfo } from '@app/platform/build-info';
import { Counter, collectDefaultMetrics, Registry } from 'prom-client';

/** Prometheus metrics of the workers (D23), served at /metrics on the workers' health port. */
export function createWorkerMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registerBuildInfo(registry, 'workers');
  return {
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
