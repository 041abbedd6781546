import { isIP } from 'node:net';
import { ConfigError, databaseEnvEntries, envInt, envPoolSize, envPort, envUrl } from '@app/platform/env';
import { metricsTokenProblems } from '@app/platform/metrics-token';
import { powerBiWorkerEnvEntries } from '@app/platform/powerbi/env';
import { serviceConfig, serviceEnvEntries } from '@app/platform/service-env';
import * as v from 'valibot';

export const WorkersEnvSchema = v.object({
  /**
   * The workers' pool unset: WORKER_CONCURRENCY + 2, a connection for every job running at once plus the sweeper's and
   * the calendar's, so a job holding a transaction never waits for another job's.
   */
  ...databaseEnvEntries(v.optional(envPoolSize)),
  ...serviceEnvEntries,
  SMTP_URL: envUrl(['smtp:', 'smtps:'], 'SMTP'),
  EMAIL_FROM: v.string(),
  WORKER_CONCURRENCY: envInt('10', 1),
  EMAIL_ATTEMPTS: envInt('10', 1),
  EMAIL_BACKOFF_MS: envInt('2000', 1),
  OUTBOX_SWEEP_INTERVAL_MS: envInt('5000', 100),
  OUTBOX_SWEEP_MIN_AGE_MS: envInt('2000', 0),
  /** How often the reconcile rebuilds from PostgreSQL what Redis lost: unprocessed events, reminders (decision 047). */
  RECONCILE_INTERVAL_MS: envInt('300000', 100),
  /** How long ago an event must have been published, still unprocessed, before the reconcile publishes it again. */
  RECONCILE_MIN_AGE_MS: envInt('300000', 0),
  /** How long a job's lock lasts; a job whose worker died is taken up again after about this long. */
  WORKER_LOCK_MS: envInt('30000', 1000),
  WORKERS_HEALTH_PORT: envPort('3001'),
  /**
   * The address the health server listens on: this machine only by default (a container's own health check reaches
   * it); `0.0.0.0` where probes and Prometheus come from outside (a Kubernetes pod's IP). Decision 044.
   */
  WORKERS_HEALTH_HOST: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((value) => isIP(value.replace(/^\[|\]$/g, '')) !== 0, 'must be an IP address, e.g. 127.0.0.1 or 0.0.0.0'),
    ),
    '127.0.0.1',
  ),
  /** The company's CalDAV calendar collection (D14, D16). Without it every calendar job does nothing. */
  CALDAV_URL: v.optional(envUrl(['http:', 'https:'], 'http(s)')),
  CALDAV_USERNAME: v.optional(v.string()),
  CALDAV_PASSWORD: v.optional(v.string()),
  /** How often the company calendar's busy times are copied into calendar_busy. */
  CALENDAR_SYNC_INTERVAL_MS: envInt('300000', 1000),
  ...powerBiWorkerEnvEntries,
  /** How often the capacities are visited (paused when idle outside their active hours, resumed when they begin). */
  CAPACITY_ROUND_INTERVAL_MS: envInt('60000', 1000),
  /** How long a Looker Studio call may take (Google's token endpoint and API). */
  LOOKER_STUDIO_TIMEOUT_MS: envInt('8000', 100),
  /** How often reports whose sharing is not in step are tried again (besides each job's own retries). */
  LOOKER_SHARING_RETRY_INTERVAL_MS: envInt('900000', 1000),
  /** The first retry's delay of a sharing job (doubling each time). */
  LOOKER_SHARING_BACKOFF_MS: envInt('5000', 1),
  /**
   * The most report exports in flight at once across the cluster (Power BI limits concurrent exports per capacity):
   * the subscription queue's global concurrency.
   */
  SUBSCRIPTION_EXPORT_CONCURRENCY: envInt('5', 1),
  /** How long one export may take, polls included, before the attempt ends (retried later). */
  SUBSCRIPTION_EXPORT_TIMEOUT_MS: envInt('600000', 1000),
  /** Attempts of a run (export and e-mails) before it is reported failed. */
  SUBSCRIPTION_EXPORT_ATTEMPTS: envInt('4', 1),
  /** The first retry's delay of a run (doubling each time). */
  SUBSCRIPTION_RETRY_BACKOFF_MS: envInt('300000', 1),
  /** The least time between two polls of an export's status (whatever its Retry-After says). */
  SUBSCRIPTION_POLL_MIN_MS: envInt('1000', 0),
  /** A throttled call (429) waits its Retry-After up to this long in the job; longer ends the attempt. */
  SUBSCRIPTION_MAX_RETRY_AFTER_MS: envInt('120000', 0),
  /** One request to Power BI or Tableau (a file's download included). */
  SUBSCRIPTION_HTTP_TIMEOUT_MS: envInt('60000', 100),
  /** How often the cluster looks for subscriptions due. */
  SUBSCRIPTION_TICK_MS: envInt('60000', 100),
});

export type WorkersConfig = v.InferOutput<typeof WorkersEnvSchema>;

const workers = serviceConfig(WorkersEnvSchema);

export const workersRequiredVariables = workers.requiredVariables;

/** The workers' configuration; in production (`NODE_ENV=production`) only with a METRICS_TOKEN, as the API. */
export function loadWorkersConfig(env: Record<string, string | undefined> = process.env): WorkersConfig {
  const config = workers.load(env);
  const problems = metricsTokenProblems(config.METRICS_TOKEN, env);
  if (problems.length) throw new ConfigError(problems);
  return config;
}
