import {
  databaseEnvEntries,
  envEmail,
  envInt,
  envMeetingUrlTemplate,
  envPoolSize,
  envPort,
  envTimeZone,
  envUrl,
  parseEnv,
  requiredVariables,
} from '@app/platform/env';
import { outboundEnvEntries } from '@app/platform/outbound';
import { checkRedisConfig, redisEnvEntries } from '@app/platform/redis';
import { tracingEnvEntries } from '@app/platform/tracing';
import * as v from 'valibot';

export const WorkersEnvSchema = v.object({
  /**
   * The workers' pool unset: WORKER_CONCURRENCY + 2, a connection for every job running at once plus the sweeper's and
   * the calendar's, so a job holding a transaction never waits for another job's.
   */
  ...databaseEnvEntries(v.optional(envPoolSize)),
  ...redisEnvEntries,
  ...tracingEnvEntries,
  ...outboundEnvEntries,
  SMTP_URL: envUrl(['smtp:', 'smtps:'], 'SMTP'),
  EMAIL_FROM: v.string(),
  COMPANY_EMAIL: envEmail,
  APP_URL: envUrl(['http:', 'https:'], 'http(s)'),
  /** The company's time zone: times in e-mails are written in it. */
  BOOKING_TIMEZONE: v.optional(envTimeZone, 'America/New_York'),
  /** The consultations' video call link, `{bookingId}` replaced (issue 16); unset, the company sends one itself. */
  MEETING_URL_TEMPLATE: v.optional(envMeetingUrlTemplate),
  WORKER_CONCURRENCY: envInt('10', 1),
  EMAIL_ATTEMPTS: envInt('10', 1),
  EMAIL_BACKOFF_MS: envInt('2000', 1),
  OUTBOX_SWEEP_INTERVAL_MS: envInt('5000', 100),
  OUTBOX_SWEEP_MIN_AGE_MS: envInt('2000', 0),
  /** How long a job's lock lasts; a job whose worker died is taken up again after about this long. */
  WORKER_LOCK_MS: envInt('30000', 1000),
  WORKERS_HEALTH_PORT: envPort('3001'),
  /** The company's CalDAV calendar collection (D14, D16). Without it every calendar job does nothing. */
  CALDAV_URL: v.optional(envUrl(['http:', 'https:'], 'http(s)')),
  CALDAV_USERNAME: v.optional(v.string()),
  CALDAV_PASSWORD: v.optional(v.string()),
  /** How often the company calendar's busy times are copied into calendar_busy. */
  CALENDAR_SYNC_INTERVAL_MS: envInt('300000', 1000),
});

export type WorkersConfig = v.InferOutput<typeof WorkersEnvSchema>;

export const workersRequiredVariables = requiredVariables(WorkersEnvSchema);

export const loadWorkersConfig = (env: Record<string, string | undefined> = process.env): WorkersConfig =>
  checkRedisConfig(parseEnv(WorkersEnvSchema, env));
