/** Queue names, job payloads and the job options both producers and workers rely on. */
export const QueueNames = {
  domainEvents: 'domain-events',
  emails: 'emails',
  /** CalDAV: put-booking, remove-booking, sync-busy. */
  calendar: 'calendar',
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
  'email-change-confirmation',
  'email-change-address-taken',
  'email-changed-notice',
] as const;
export type EmailTemplate = (typeof EmailTemplates)[number];

/** An e-mail job: which event it comes from and which template to send. Recipients are looked up by the worker. */
export interface EmailJob {
  eventId: string;
  template: EmailTemplate;
}

/** Job ids must not contain ':' (BullMQ uses it in its keys). */
export const emailJobId = (eventId: string, template: EmailTemplate) => `${eventId}__${template}`;

/**
 * Job options every producer of domain-event jobs uses (the API and the outbox sweeper): retried with exponential
 * backoff, kept when they finally fail (visible and retryable on the queue board), trimmed once done.
 */
export const domainEventJobOptions = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 5000 },
  removeOnFail: false,
} as const;
