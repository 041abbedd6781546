/** Queue names, job payloads and the job options both producers and workers rely on. */
export const QueueNames = {
  domainEvents: 'domain-events',
  emails: 'emails',
  /** CalDAV: put-booking, remove-booking, sync-busy. */
  calendar: 'calendar',
  /** Scheduled reports: the admins' monthly usage digest (issue 18). */
  reports: 'reports',
  /** Looker Studio sharing (issue 28): one report's VIEWERs brought in step, and the reconcile of them all. */
  lookerSharing: 'looker-sharing',
  /** Report subscriptions (issue 29): the minute's tick that finds runs due, and each run's export and e-mails. */
  subscriptions: 'subscriptions',
} as const;

export type QueueName = (typeof QueueNames)[keyof typeof QueueNames];

/** A domain-events job: the job id is the event id, the job name the event type. */
export interface DomainEventJob {
  eventId: string;
}

export const EmailTemplates = [
  'contact-notification',
  'contact-acknowledgement',
  'user-invitation',
  'password-reset',
  'booking-confirmation',
  'booking-notification',
  'booking-reminder',
  'booking-cancelled',
  'booking-cancelled-notification',
  'booking-moved',
  'booking-moved-notification',
  'email-change-confirmation',
  'email-change-address-taken',
  'email-changed-notice',
  'usage-digest',
  'report-subscription',
] as const;
export type EmailTemplate = (typeof EmailTemplates)[number];

/** An e-mail job: which event it comes from and which template to send. Recipients are looked up by the worker. */
export interface EmailJob {
  eventId: string;
  template: EmailTemplate;
  /**
   * A reminder's meeting start (ISO 8601, not a secret): the reminder is sent only while the booking still starts
   * then, so one queued before a move or a cancellation sends nothing (issue 16).
   */
  plannedStartsAt?: string;
  /** A reminder's booking, so a move can take its stale reminder off the queue. */
  bookingId?: number;
}

/** The jobs of the calendar queue (CalDAV, D14 and D16): a booking's event put or removed, the busy times copied. */
export const CalendarJobNames = {
  putBooking: 'put-booking',
  removeBooking: 'remove-booking',
  syncBusy: 'sync-busy',
} as const;
export type CalendarJobName = (typeof CalendarJobNames)[keyof typeof CalendarJobNames];

/** A calendar job: put-booking and remove-booking name their booking, sync-busy carries nothing. */
export type CalendarJob = { bookingId: number } | Record<string, never>;

/** The jobs of the reports queue: the monthly usage digest (issue 18). */
export const ReportJobNames = { usageDigest: 'usage-digest', subscriptionTick: 'subscription-tick' } as const;
/** The scheduler's fixed id: every worker process upserts the same one, so each month has one job (issue 18). */
export const USAGE_DIGEST_SCHEDULER_ID = 'usage-digest-monthly';

/** A usage-digest job: the month (yyyy-MM) it reports on; without it, the month before the job runs. */
export interface UsageDigestJob {
  month?: string;
}

/** The jobs of the looker-sharing queue: one report brought in step; every report reconciled (nightly, retries). */
export const LookerSharingJobNames = { syncAsset: 'sync-asset', reconcile: 'reconcile' } as const;
/** The schedulers' fixed ids: every worker process upserts the same ones, so the cluster has one of each. */
export const LOOKER_RECONCILE_SCHEDULER_ID = 'looker-sharing-nightly';
export const LOOKER_RETRY_SCHEDULER_ID = 'looker-sharing-retry';

/** A sharing job: one report (sync-asset); reconcile carries `onlyOutOfStep` for the retry sweep. */
export type LookerSharingJob = { connectionId: number; assetName: string } | { onlyOutOfStep?: boolean };

/** A report's job for an event: ':' is not allowed, and a report's name is letters, digits, - and _. */
export const lookerSharingJobId = (eventId: string, connectionId: number, assetName: string) =>
  `${eventId}__looker-${connectionId}-${assetName}`;

/** The jobs of the subscriptions queue (issue 29, decision 054): one per run (the tick is on the reports queue). */
export const SubscriptionJobNames = { run: 'run' } as const;
/** The tick's scheduler: a fixed id, so the cluster has one tick a minute whatever the number of workers. */
export const SUBSCRIPTION_TICK_SCHEDULER_ID = 'subscriptions-tick';
/** A run's job names its run (one job per run, whoever adds it how often). */
export interface SubscriptionJob {
  runId: number;
}
export const subscriptionRunJobId = (runId: number) => `subscription-run-${runId}`;

/** Job ids must not contain ':' (BullMQ uses it in its keys). */
export const calendarJobId = (eventId: string, name: CalendarJobName) => `${eventId}__${name}`;

/** Job ids must not contain ':' (BullMQ uses it in its keys). */
export const emailJobId = (eventId: string, template: EmailTemplate) => `${eventId}__${template}`;

/** A reminder's job id names the meeting's start too: a moved meeting's reminder never collides with the old one's. */
export const reminderJobId = (eventId: string, startsAt: Date) => `${eventId}__booking-reminder__${startsAt.getTime()}`;

/**
 * The options every job of a queue is added with: retried with exponential backoff from `firstDelayMs` (a server that
 * is down comes back), kept when they finally fail (visible and retryable on the queue board), trimmed once done.
 */
const retriedJobOptions = (firstDelayMs: number) => ({
  attempts: 10,
  backoff: { type: 'exponential' as const, delay: firstDelayMs },
  removeOnComplete: { age: 24 * 3600, count: 5000 },
  removeOnFail: false,
});

/** Job options every producer of domain-event jobs uses (the API and the outbox sweeper). */
export const domainEventJobOptions = retriedJobOptions(1000);

/**
 * E-mail and calendar jobs. The workers take the number of attempts and the first delay from EMAIL_ATTEMPTS and
 * EMAIL_BACKOFF_MS (these are their defaults).
 */
const deliveryJobOptions = retriedJobOptions(2000);

/** One queue: its name, the type of its jobs' data, and the options every job of it is added with. */
export interface QueueDefinition<Data> {
  name: QueueName;
  defaultJobOptions: ReturnType<typeof retriedJobOptions>;
  /** Never set: carries the type of the jobs' data. */
  readonly data?: Data;
}

const defineQueue = <Data>(name: QueueName, defaultJobOptions: QueueDefinition<Data>['defaultJobOptions']) =>
  ({ name, defaultJobOptions }) as QueueDefinition<Data>;

/** Every queue of the product, for producers (the API, the sweeper, the fan-out) and the workers alike. */
export const Queues = {
  domainEvents: defineQueue<DomainEventJob>(QueueNames.domainEvents, domainEventJobOptions),
  emails: defineQueue<EmailJob>(QueueNames.emails, deliveryJobOptions),
  calendar: defineQueue<CalendarJob>(QueueNames.calendar, deliveryJobOptions),
  reports: defineQueue<UsageDigestJob>(QueueNames.reports, deliveryJobOptions),
  lookerSharing: defineQueue<LookerSharingJob>(QueueNames.lookerSharing, deliveryJobOptions),
  subscriptions: defineQueue<SubscriptionJob>(QueueNames.subscriptions, retriedJobOptions(60_000)),
} as const;
