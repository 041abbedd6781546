import { type DomainEventJob, type EmailJob, isEventType, Queues, reminderJobId } from '@app/contracts/server';
import type { Database } from '@app/db';
import { findUnprocessedEvents } from '@app/platform/outbox';
import type { JobsOptions, Queue } from 'bullmq';
import type { Logger } from 'pino';
import { planForEvent, REMINDER_LEAD_MS } from '../jobs/domain-events/fan-out';
import { findUpcomingBookingsWithLatestEvent } from '../repositories/bookings.repository';
import { hasDelivery } from '../repositories/deliveries.repository';
import { everyIntervalInCluster, type Lease } from './cluster-interval';

/**
 * A reminder whose time passed while its job was lost still goes out, late, while the meeting is at least this far
 * away (decision 047); closer to the meeting it would only be noise.
 */
const LATE_REMINDER_MIN_LEAD_MS = 3600_000;

export interface ReconcileDeps {
  db: Database;
  domainEvents: Queue<DomainEventJob>;
  emails: Queue<EmailJob>;
  /** The options the fan-out adds e-mail jobs with (EMAIL_ATTEMPTS, EMAIL_BACKOFF_MS). */
  emailJobOptions: JobsOptions;
  logger: Logger;
  /** Events published longer ago than this and still not processed are published again. */
  minAgeMs: number;
  batchSize?: number;
  now?: () => number;
}

export interface ReconcileResult {
  /** Events published again because their job was missing from Redis. */
  events: number;
  /** Reminder jobs put back because they were missing from Redis. */
  reminders: number;
}

/**
 * Publishes again the events that were published but never processed and whose job Redis no longer has. The job id is
 * the event id (BullMQ adds nothing when it still has the job), the fan-out derives its jobs' ids from the event,
 * and every e-mail has its delivery record: an event processed twice sends nothing twice.
 */
async function republishUnprocessed(deps: ReconcileDeps, now: number) {
  const events = await findUnprocessedEvents(deps.db, new Date(now - deps.minAgeMs), deps.batchSize ?? 500);
  let republished = 0;
  for (const event of events) {
    if (await deps.domainEvents.getJob(event.id)) continue;
    await deps.domainEvents.add(
      event.type,
      { eventId: event.id },
      { ...Queues.domainEvents.defaultJobOptions, jobId: event.id },
    );
    republished++;
  }
  return republished;
}

/**
 * Puts back the delayed reminder of every upcoming form booking whose job Redis no longer has: the reminder its latest
 * booking event planned, under the same job id (one reminder per booking and start, however often this runs). A
 * reminder whose time passed meanwhile goes out now if its event was fanned out before it was due (so it was queued),
 * none was ever tried, and the meeting is an hour away or more.
 */
async function restoreReminders(deps: ReconcileDeps, now: number) {
  const upcoming = await findUpcomingBookingsWithLatestEvent(deps.db, new Date(now + LATE_REMINDER_MIN_LEAD_MS));
  let restored = 0;
  for (const { booking, event } of upcoming) {
    if (!isEventType(event.type)) continue;
    const dueAt = booking.startsAt.getTime() - REMINDER_LEAD_MS;
    // The plan as the fan-out makes it, at a time the reminder is still ahead: the same rules (our bookings, the
    // booking's current time), the same reminder.
    const plan = await planForEvent(deps.db, { type: event.type, payload: event.payload }, Math.min(now, dueAt - 1));
    const reminder = plan.emails.find((email) => email.reminder)?.reminder;
    if (!reminder) continue;
    const jobId = reminderJobId(event.id, reminder.startsAt);
    if (dueAt <= now) {
      // Past due: only a reminder the fan-out did queue (before it was due) and that never went out.
      const queued = event.processedAt !== null && event.processedAt.getTime() < dueAt;
      if (!queued || (await hasDelivery(deps.db, event.id, 'booking-reminder'))) continue;
    }
    if (await deps.emails.getJob(jobId)) continue;
    await deps.emails.add(
      'booking-reminder',
      {
        eventId: event.id,
        template: 'booking-reminder',
        bookingId: reminder.bookingId,
        plannedStartsAt: reminder.startsAt.toISOString(),
      },
      { ...deps.emailJobOptions, jobId, ...(dueAt > now ? { delay: dueAt - now } : {}) },
    );
    restored++;
  }
  return restored;
}

/**
 * What Redis lost, rebuilt from PostgreSQL (decision 047): events published but never processed, and the delayed
 * reminders of upcoming bookings. Running it again, or with Redis intact, adds nothing.
 */
export async function reconcile(deps: ReconcileDeps): Promise<ReconcileResult> {
  const now = deps.now?.() ?? Date.now();
  const events = await republishUnprocessed(deps, now);
  const reminders = await restoreReminders(deps, now);
  if (events || reminders)
    deps.logger.warn({ events, reminders }, 'reconcile: jobs missing from Redis were queued again');
  return { events, reminders };
}

/**
 * Runs the reconcile every `intervalMs`, once per cluster (the lease, as the outbox sweeper's). Not a BullMQ
 * scheduler: a scheduler lives in Redis, and would be lost with the very data it has to rebuild.
 */
export function startReconcile(deps: ReconcileDeps & { lease: Lease }, intervalMs: number): () => Promise<void> {
  return everyIntervalInCluster(deps, intervalMs, () => reconcile(deps), 'reconcile failed; will try again');
}
