// Long file: the composition root of the workers, every queue, worker and scheduler made in one place.
import {
  type CalendarJob,
  CalendarJobNames,
  type DomainEventJob,
  type EmailJob,
  LOOKER_RECONCILE_SCHEDULER_ID,
  LOOKER_RETRY_SCHEDULER_ID,
  type LookerSharingJob,
  LookerSharingJobNames,
  type QueueDefinition,
  Queues,
  ReportJobNames,
  SUBSCRIPTION_TICK_SCHEDULER_ID,
  type SubscriptionJob,
  USAGE_DIGEST_SCHEDULER_ID,
  type UsageDigestJob,
} from '@app/contracts/server';
import type { Database } from '@app/db';
import { createLease } from '@app/platform/cluster-once';
import type { Logger } from '@app/platform/logger';
import { registerDatabaseMetrics } from '@app/platform/process-metrics';
import { createQueue } from '@app/platform/queues';
import { probe } from '@app/platform/readiness';
import { createRedis } from '@app/platform/redis';
import { createUnsubscribeSigner } from '@app/platform/report-export/unsubscribe-token';
import { createSecretBox } from '@app/platform/secret-box';
import { queueTelemetry } from '@app/platform/tracing';
import type { JobsOptions, Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { type CalendarClient, createCalDavClient } from './calendar/caldav';
import { emailDefinitions } from './emails/index';
import { createSmtpMailer, type Mailer } from './emails/mailer';
import { createRenderer } from './emails/render';
import type { WorkersConfig } from './env';
import { processCalendarJob } from './jobs/calendar/calendar.processor';
import { processDomainEvent } from './jobs/domain-events/domain-events.processor';
import { type LookerSharingDeps, processLookerSharing } from './jobs/looker-sharing/looker-sharing.processor';
import {
  CAPACITY_ROUND_SCHEDULER_ID,
  exportCapacityHook,
  POWERBI_CHECK_SCHEDULER_ID,
  type PowerBiJobDeps,
  PowerBiJobNames,
  runCapacityRound,
  runReportCheck,
} from './jobs/powerbi/powerbi.processor';
import { processSendEmail } from './jobs/send-email/send-email.processor';
import type { SubscriptionCapacityHook } from './jobs/subscriptions/export';
import {
  processRun,
  processTick,
  recordFinalFailure,
  type SubscriptionsDeps,
} from './jobs/subscriptions/subscriptions.processor';
import { processUsageDigest } from './jobs/usage-digest/usage-digest.processor';
import { createWorkerMetrics, type WorkerMetrics } from './metrics';
import { startReconcile } from './outbox/reconcile';
import { startSweeper } from './outbox/sweeper';
import { markDeliveriesFailed } from './repositories/deliveries.repository';
import { isFinal, logFailedAttempt, registerWorker, type WorkerPlatform } from './worker-platform';

export interface WorkersRuntimeDeps {
  config: WorkersConfig;
  db: Database;
  logger: Logger;
  mailer?: Mailer;
  /** The company calendar; by default from CALDAV_URL (none without it: calendar jobs then do nothing). */
  calendar?: CalendarClient | null;
  /** Resumes a paused Power BI capacity for a subscription's export (issue 29); none: exports run as they are. */
  capacity?: SubscriptionCapacityHook;
}

export interface WorkersRuntime {
  redis: Redis;
  queues: {
    domainEvents: Queue<DomainEventJob>;
    emails: Queue<EmailJob>;
    calendar: Queue<CalendarJob>;
    reports: Queue<UsageDigestJob | Record<string, never>>;
    lookerSharing: Queue<LookerSharingJob>;
    subscriptions: Queue<SubscriptionJob>;
  };
  workers: Worker[];
  metrics: WorkerMetrics;
  close(): Promise<void>;
}

/** E-mail and calendar jobs retry as EMAIL_ATTEMPTS and EMAIL_BACKOFF_MS say (a server that is down comes back). */
export const retriedJobOptions = (
  config: Pick<WorkersConfig, 'EMAIL_ATTEMPTS' | 'EMAIL_BACKOFF_MS'>,
  definition: QueueDefinition<unknown>,
): JobsOptions => ({
  ...definition.defaultJobOptions,
  attempts: config.EMAIL_ATTEMPTS,
  backoff: { type: 'exponential', delay: config.EMAIL_BACKOFF_MS },
});

/**
 * Starts every worker of the product: the domain-events fan-out, the e-mail sender, the calendar sync and the
 * outbox sweeper.
 * `close()` lets jobs in progress finish (graceful shutdown), then disconnects.
 */
export async function startWorkers({
  config,
  db,
  logger,
  mailer: givenMailer,
  calendar: givenCalendar,
  capacity: givenCapacity,
}: WorkersRuntimeDeps): Promise<WorkersRuntime> {
  const metrics = createWorkerMetrics();
  const renderer = await createRenderer(emailDefinitions);
  const calendar =
    givenCalendar !== undefined
      ? givenCalendar
      : config.CALDAV_URL
        ? createCalDavClient({
            url: config.CALDAV_URL,
            username: config.CALDAV_USERNAME,
            password: config.CALDAV_PASSWORD,
          })
        : null;
  const mailer =
    givenMailer ?? createSmtpMailer(config.SMTP_URL, { maxConnections: Math.min(config.WORKER_CONCURRENCY, 5) });
  // Workers block on Redis: BullMQ requires maxRetriesPerRequest null; ioredis reconnects by itself after an outage.
  const redis = createRedis(config, { maxRetriesPerRequest: null });
  redis.on('error', (error) => logger.debug({ err: error }, 'redis connection error'));
  const platform: WorkerPlatform = {
    redis,
    prefix: config.QUEUE_PREFIX,
    telemetry: queueTelemetry(config),
    logger,
    concurrency: config.WORKER_CONCURRENCY,
    lockMs: config.WORKER_LOCK_MS,
    metrics,
  };
  // database_up, db_pool_* and worker_ready (what /readyz answers), read at each scrape: an alert can tell a worker
  // that runs but cannot work from one that is down, with no traffic at all.
  const databaseProbe = registerDatabaseMetrics(metrics.registry, db.$client);
  metrics.setReadiness(async () => {
    const [database, redisState] = await Promise.all([databaseProbe(), probe(() => redis.ping(), 1000)]);
    return database.up && redisState === 'up';
  });
  const queues = {
    domainEvents: createQueue(platform, Queues.domainEvents),
    emails: createQueue(platform, Queues.emails),
    calendar: createQueue(platform, Queues.calendar),
    reports: createQueue(platform, Queues.reports),
    lookerSharing: createQueue(platform, Queues.lookerSharing),
    subscriptions: createQueue(platform, Queues.subscriptions),
  };
  const retried = (definition: QueueDefinition<unknown>) => retriedJobOptions(config, definition);
  const emailJobOptions = retried(Queues.emails);
  const calendarJobOptions = retried(Queues.calendar);
  // Looker Studio sharing (issue 28): a report's job retried with backoff; the retry sweep takes up what still fails.
  const lookerSharing: LookerSharingDeps = {
    db,
    secretBox: config.APP_ENCRYPTION_KEY ? createSecretBox(config.APP_ENCRYPTION_KEY) : null,
    google: {
      tokenUrl: config.GOOGLE_TOKEN_URL,
      apiUrl: config.LOOKER_STUDIO_API_URL,
      timeoutMs: config.LOOKER_STUDIO_TIMEOUT_MS,
      now: () => Date.now(),
    },
    queue: queues.lookerSharing,
    jobOptions: {
      ...Queues.lookerSharing.defaultJobOptions,
      backoff: { type: 'exponential', delay: config.LOOKER_SHARING_BACKOFF_MS },
    },
    logger,
  };
  // Report subscriptions (issue 29, decision 054): each run retried with backoff, then reported to the admin.
  const subscriptions: SubscriptionsDeps = {
    db,
    queue: queues.subscriptions,
    jobOptions: {
      ...Queues.subscriptions.defaultJobOptions,
      attempts: config.SUBSCRIPTION_EXPORT_ATTEMPTS,
      backoff: { type: 'exponential', delay: config.SUBSCRIPTION_RETRY_BACKOFF_MS },
    },
    exporter: {
      secretBox: config.APP_ENCRYPTION_KEY ? createSecretBox(config.APP_ENCRYPTION_KEY) : null,
      http: { allowHosts: config.OUTBOUND_ALLOW_HOSTS ?? [], timeoutMs: config.SUBSCRIPTION_HTTP_TIMEOUT_MS },
      powerbi: {
        authorityUrl: config.POWERBI_AUTHORITY_URL,
        apiUrl: config.POWERBI_API_URL,
        exportTimeoutMs: config.SUBSCRIPTION_EXPORT_TIMEOUT_MS,
        maxRetryAfterMs: config.SUBSCRIPTION_MAX_RETRY_AFTER_MS,
        maxThrottles: 5,
        minPollMs: config.SUBSCRIPTION_POLL_MIN_MS,
      },
      tableau: {},
      // Power BI exports resume and hold a paused capacity (decision 053) unless the caller brings its own.
      capacity: givenCapacity ?? exportCapacityHook(() => powerBi),
    },
    mailer,
    renderer,
    from: config.EMAIL_FROM,
    appUrl: config.APP_URL,
    companyEmail: config.COMPANY_EMAIL,
    signer: config.APP_ENCRYPTION_KEY ? createUnsubscribeSigner(config.APP_ENCRYPTION_KEY) : null,
    logger,
  };

  const domainEventsWorker = registerWorker(
    platform,
    Queues.domainEvents,
    (job) =>
      processDomainEvent(job, {
        db,
        emails: queues.emails,
        emailJobOptions,
        calendar: queues.calendar,
        calendarJobOptions,
        logger,
        lookerSharing,
        subscriptions,
      }),
    {
      onFailed: (job, error) =>
        logger.warn({ jobId: job?.id, attempt: job?.attemptsMade, err: error }, 'domain event job failed'),
    },
  );
  const emailsWorker = registerWorker(
    platform,
    Queues.emails,
    (job) =>
      processSendEmail(job, {
        db,
        mailer,
        renderer,
        from: config.EMAIL_FROM,
        appUrl: config.APP_URL,
        companyEmail: config.COMPANY_EMAIL,
        timeZone: config.BOOKING_TIMEZONE,
        meetingUrlTemplate: config.MEETING_URL_TEMPLATE,
        logger,
      }),
    {
      onCompleted: (job, result) => {
        if ((result as { status?: string } | undefined)?.status === 'sent')
          metrics.emailsSent.inc({ template: job.data.template });
      },
      onFailed: (job, error) => {
        if (!job) return;
        const final = isFinal(job);
        metrics.emailAttemptsFailed.inc({ template: job.data.template });
        if (final) metrics.emailsFailed.inc({ template: job.data.template });
        logFailedAttempt(
          logger,
          job,
          error,
          { template: job.data.template },
          ['e-mail failed for good; kept on the failed list', 'e-mail failed; will retry'],
          final,
        );
        if (final) void markDeliveriesFailed(db, job.data.eventId, job.data.template).catch(() => {});
      },
    },
  );
  // A booking's PUT and DELETE, and the busy-time syncs, never overlap in any process: each job holds an advisory
  // lock of its booking (or of the sync) in PostgreSQL. Different bookings' jobs run side by side; each waiting or
  // running job holds one database connection, hence a few at most (the pool has WORKER_CONCURRENCY + 2).
  const calendarWorker = registerWorker(
    platform,
    Queues.calendar,
    (job) =>
      processCalendarJob(job, {
        db,
        calendar,
        companyEmail: config.COMPANY_EMAIL,
        appUrl: config.APP_URL,
        timeZone: config.BOOKING_TIMEZONE,
        meetingUrlTemplate: config.MEETING_URL_TEMPLATE,
        logger,
      }),
    {
      concurrency: Math.min(config.WORKER_CONCURRENCY, 4),
      onFailed: (job, error) => {
        if (!job) return;
        metrics.calendarErrors.inc({ operation: job.name });
        logFailedAttempt(logger, job, error, { job: job.name }, [
          'calendar job failed for good; kept on the failed list',
          'calendar job failed; will retry',
        ]);
      },
    },
  );
  // The busy times are refreshed every few minutes (D16), and after each booking event by the fan-out.
  if (calendar)
    await queues.calendar.upsertJobScheduler(
      'sync-busy-every',
      { every: config.CALENDAR_SYNC_INTERVAL_MS, immediately: true },
      { name: CalendarJobNames.syncBusy, data: {}, opts: { ...calendarJobOptions, attempts: 1 } },
    );
  else await queues.calendar.removeJobScheduler('sync-busy-every');
  // The admins' monthly usage digest (issue 18): every process upserts the same scheduler (a fixed id), so the cluster
  // has one, and one job a month; the job writes one event per month and admin, whoever runs it how often.
  // Power BI (issue 29): the capacity round and the nightly report check share the reports queue.
  const powerBi: PowerBiJobDeps = {
    db,
    secretBox: lookerSharing.secretBox,
    arm: {
      POWERBI_AUTHORITY_URL: config.POWERBI_AUTHORITY_URL,
      AZURE_MANAGEMENT_URL: config.AZURE_MANAGEMENT_URL,
      OUTBOUND_ALLOW_HOSTS: config.OUTBOUND_ALLOW_HOSTS,
      timeoutMs: config.AZURE_TIMEOUT_MS,
    },
    powerBiApiUrl: config.POWERBI_API_URL,
    logger,
  };
  const reportsWorker = registerWorker(
    platform,
    Queues.reports,
    (job) => {
      if (job.name === PowerBiJobNames.capacityRound) return runCapacityRound(powerBi);
      if (job.name === PowerBiJobNames.checkReports) return runReportCheck(powerBi);
      if (job.name === ReportJobNames.subscriptionTick) return processTick(subscriptions);
      return processUsageDigest(job, {
        db,
        domainEvents: queues.domainEvents,
        timeZone: config.BOOKING_TIMEZONE,
        logger,
      });
    },
    {
      concurrency: 1,
      onFailed: (job, error) =>
        logger[job && isFinal(job) ? 'error' : 'warn'](
          { jobId: job?.id, job: job?.name, err: error },
          'reports job failed',
        ),
    },
  );
  await queues.reports.upsertJobScheduler(
    CAPACITY_ROUND_SCHEDULER_ID,
    { every: config.CAPACITY_ROUND_INTERVAL_MS },
    {
      name: PowerBiJobNames.capacityRound,
      data: {},
      opts: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
    },
  );
  await queues.reports.upsertJobScheduler(
    POWERBI_CHECK_SCHEDULER_ID,
    { pattern: '15 3 * * *', tz: config.BOOKING_TIMEZONE },
    { name: PowerBiJobNames.checkReports, data: {}, opts: retried(Queues.reports) },
  );
  metrics.watchPowerBi(db);
  await queues.reports.upsertJobScheduler(
    USAGE_DIGEST_SCHEDULER_ID,
    { pattern: '0 7 1 * *', tz: config.BOOKING_TIMEZONE },
    { name: ReportJobNames.usageDigest, data: {}, opts: retried(Queues.reports) },
  );
  // The subscriptions' tick: one scheduler of a fixed id (one tick per interval in the cluster); each run's job then
  // waits for one of the SUBSCRIPTION_EXPORT_CONCURRENCY slots the whole cluster shares (the queue's global
  // concurrency: Power BI limits the exports in flight per capacity).
  await queues.reports.upsertJobScheduler(
    SUBSCRIPTION_TICK_SCHEDULER_ID,
    { every: config.SUBSCRIPTION_TICK_MS },
    { name: ReportJobNames.subscriptionTick, data: {}, opts: { attempts: 1, removeOnComplete: { count: 100 } } },
  );
  await queues.subscriptions.setGlobalConcurrency(config.SUBSCRIPTION_EXPORT_CONCURRENCY);
  const subscriptionsWorker = registerWorker(platform, Queues.subscriptions, (job) => processRun(job, subscriptions), {
    concurrency: config.SUBSCRIPTION_EXPORT_CONCURRENCY,
    onFailed: (job, error) => {
      if (!job) return;
      const final = logFailedAttempt(
        logger,
        job,
        error,
        {},
        ['subscription run failed for good; the admin sees why', 'subscription run failed; will retry'],
        isFinal(job) || error.name === 'UnrecoverableError',
      );
      if (final) void recordFinalFailure(subscriptions, job, error).catch(() => {});
    },
  });
  const lookerSharingWorker = registerWorker(
    platform,
    Queues.lookerSharing,
    (job) => processLookerSharing(job, lookerSharing),
    {
      concurrency: Math.min(config.WORKER_CONCURRENCY, 4),
      onFailed: (job, error) => {
        if (!job) return;
        metrics.lookerSharingErrors.inc({ operation: job.name });
        logFailedAttempt(logger, job, error, { job: job.name, data: job.data }, [
          'looker studio sharing job failed for good; the retry sweep takes the report up again',
          'looker studio sharing job failed; will retry',
        ]);
      },
    },
  );
  // Once per cluster (fixed ids): every report reconciled nightly, and those not in step taken up again regularly.
  await queues.lookerSharing.upsertJobScheduler(
    LOOKER_RECONCILE_SCHEDULER_ID,
    { pattern: '30 2 * * *', tz: config.BOOKING_TIMEZONE },
    { name: LookerSharingJobNames.reconcile, data: {}, opts: { ...lookerSharing.jobOptions, attempts: 3 } },
  );
  await queues.lookerSharing.upsertJobScheduler(
    LOOKER_RETRY_SCHEDULER_ID,
    { every: config.LOOKER_SHARING_RETRY_INTERVAL_MS },
    { name: LookerSharingJobNames.reconcile, data: { onlyOutOfStep: true }, opts: { attempts: 1 } },
  );
  metrics.watchLookerSharing(db);
  const workers: Worker[] = [
    domainEventsWorker,
    emailsWorker,
    calendarWorker,
    reportsWorker,
    lookerSharingWorker,
    subscriptionsWorker,
  ];

  const stopSweeper = startSweeper(
    {
      db,
      domainEvents: queues.domainEvents,
      logger,
      minAgeMs: config.OUTBOX_SWEEP_MIN_AGE_MS,
      lease: createLease(redis, `${config.QUEUE_PREFIX}:outbox-sweep:lease`),
    },
    config.OUTBOX_SWEEP_INTERVAL_MS,
  );
  // What a Redis failover lost, rebuilt from PostgreSQL once per cluster and interval (decision 047).
  const stopReconcile = startReconcile(
    {
      db,
      domainEvents: queues.domainEvents,
      emails: queues.emails,
      emailJobOptions,
      logger,
      minAgeMs: config.RECONCILE_MIN_AGE_MS,
      lease: createLease(redis, `${config.QUEUE_PREFIX}:reconcile:lease`),
    },
    config.RECONCILE_INTERVAL_MS,
  );

  return {
    redis,
    queues,
    workers,
    metrics,
    async close() {
      await Promise.all([stopSweeper(), stopReconcile()]);
      await Promise.all(workers.map((worker) => worker.close()));
      await Promise.all(Object.values(queues).map((queue) => queue.close()));
      mailer.close();
      redis.disconnect();
    },
  };
}
