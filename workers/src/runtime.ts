// Before anything that uses Redis: see the module.
import '@app/contracts/diagnostics-channel';
import { type DomainEventJob, type EmailJob, QueueNames } from '@app/contracts';
import type { Database } from '@app/db';
import { type JobsOptions, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { type CalendarClient, createCalDavClient } from './calendar/caldav';
import { createSmtpMailer, type Mailer } from './emails/mailer';
import { emailDefinitions } from './emails/index';
import { createRenderer } from './emails/render';
import type { WorkersConfig } from './env';
import { type CalendarJob, CalendarJobNames, processCalendarJob } from './jobs/calendar/calendar.processor';
import { processDomainEvent } from './jobs/domain-events/domain-events.processor';
import { processSendEmail } from './jobs/send-email/send-email.processor';
import { createWorkerMetrics, type WorkerMetrics } from './metrics';
import { startSweeper } from './outbox/sweeper';
import { markDeliveriesFailed } from './repositories/deliveries.repository';

export interface WorkersRuntimeDeps {
  config: WorkersConfig;
  db: Database;
  logger: Logger;
  mailer?: Mailer;
  /** The company calendar; by default from CALDAV_URL (none without it: calendar jobs then do nothing). */
  calendar?: CalendarClient | null;
}

export interface WorkersRuntime {
  redis: Redis;
  queues: { domainEvents: Queue<DomainEventJob>; emails: Queue<EmailJob>; calendar: Queue<CalendarJob> };
  workers: Worker[];
  metrics: WorkerMetrics;
  close(): Promise<void>;
}

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
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
  redis.on('error', (error) => logger.debug({ err: error }, 'redis connection error'));
  const prefix = config.QUEUE_PREFIX;
  const queues = {
    domainEvents: new Queue<DomainEventJob>(QueueNames.domainEvents, { connection: redis, prefix }),
    emails: new Queue<EmailJob>(QueueNames.emails, { connection: redis, prefix }),
    calendar: new Queue<CalendarJob>(QueueNames.calendar, { connection: redis, prefix }),
  };
  for (const queue of Object.values(queues)) queue.on('error', () => {});
  const emailJobOptions: JobsOptions = {
    attempts: config.EMAIL_ATTEMPTS,
    backoff: { type: 'exponential', delay: config.EMAIL_BACKOFF_MS },
    removeOnComplete: { age: 24 * 3600, count: 5000 },
    removeOnFail: false,
  };
  // Calendar jobs retry like the e-mails (a calendar server that is down comes back) and are kept when they fail.
  const calendarJobOptions: JobsOptions = { ...emailJobOptions };

  const workerOptions = {
    connection: redis,
    prefix,
    concurrency: config.WORKER_CONCURRENCY,
    lockDuration: config.WORKER_LOCK_MS,
    stalledInterval: config.WORKER_LOCK_MS,
  };
  const domainEventsWorker = new Worker<DomainEventJob>(
    QueueNames.domainEvents,
    (job) =>
      processDomainEvent(job, {
        db,
        emails: queues.emails,
        emailJobOptions,
        calendar: queues.calendar,
        calendarJobOptions,
        logger,
      }),
    workerOptions,
  );
  const emailsWorker = new Worker<EmailJob>(
    QueueNames.emails,
    (job) =>
      processSendEmail(job, {
        db,
        mailer,
        renderer,
        from: config.EMAIL_FROM,
        appUrl: config.APP_URL,
        companyEmail: config.COMPANY_EMAIL,
        timeZone: config.BOOKING_TIMEZONE,
        logger,
      }),
    workerOptions,
  );
  emailsWorker.on('completed', (job, result: { status?: string } | undefined) => {
    if (result?.status === 'sent') metrics.emailsSent.inc({ template: job.data.template });
  });
  emailsWorker.on('failed', (job, error) => {
    if (!job) return;
    const final = job.attemptsMade >= (job.opts.attempts ?? 1);
    if (final) metrics.emailsFailed.inc({ template: job.data.template });
    logger[final ? 'error' : 'warn'](
      { jobId: job.id, template: job.data.template, attempt: job.attemptsMade, err: error },
      final ? 'e-mail failed for good; kept on the failed list' : 'e-mail failed; will retry',
    );
    if (final) void markDeliveriesFailed(db, job.data.eventId, job.data.template).catch(() => {});
  });
  domainEventsWorker.on('failed', (job, error) =>
    logger.warn({ jobId: job?.id, attempt: job?.attemptsMade, err: error }, 'domain event job failed'),
  );
  // A booking's PUT and DELETE, and the busy-time syncs, never overlap in any process: each job holds an advisory
  // lock of its booking (or of the sync) in PostgreSQL. Different bookings' jobs run side by side; each waiting or
  // running job holds one database connection, hence a few at most (the pool has WORKER_CONCURRENCY + 2).
  const calendarWorker = new Worker<CalendarJob>(
    QueueNames.calendar,
    (job) =>
      processCalendarJob(job, {
        db,
        calendar,
        companyEmail: config.COMPANY_EMAIL,
        appUrl: config.APP_URL,
        timeZone: config.BOOKING_TIMEZONE,
        logger,
      }),
    { ...workerOptions, concurrency: Math.min(config.WORKER_CONCURRENCY, 4) },
  );
  calendarWorker.on('failed', (job, error) => {
    if (!job) return;
    metrics.calendarErrors.inc({ job: job.name });
    const final = job.attemptsMade >= (job.opts.attempts ?? 1);
    logger[final ? 'error' : 'warn'](
      { jobId: job.id, job: job.name, attempt: job.attemptsMade, err: error },
      final ? 'calendar job failed for good; kept on the failed list' : 'calendar job failed; will retry',
    );
  });
  // The busy times are refreshed every few minutes (D16), and after each booking event by the fan-out.
  if (calendar)
    await queues.calendar.upsertJobScheduler(
      'sync-busy-every',
      { every: config.CALENDAR_SYNC_INTERVAL_MS, immediately: true },
      { name: CalendarJobNames.syncBusy, data: {}, opts: { ...calendarJobOptions, attempts: 1 } },
    );
  else await queues.calendar.removeJobScheduler('sync-busy-every');
  const workers = [domainEventsWorker, emailsWorker, calendarWorker];
  for (const worker of workers) worker.on('error', (error) => logger.debug({ err: error }, 'worker error'));

  const stopSweeper = startSweeper(
    { db, domainEvents: queues.domainEvents, logger, minAgeMs: config.OUTBOX_SWEEP_MIN_AGE_MS },
    config.OUTBOX_SWEEP_INTERVAL_MS,
  );

  return {
    redis,
    queues,
    workers,
    metrics,
    async close() {
      await stopSweeper();
      await Promise.all(workers.map((worker) => worker.close()));
      await Promise.all(Object.values(queues).map((queue) => queue.close()));
      mailer.close();
      redis.disconnect();
    },
  };
}
