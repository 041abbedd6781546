import {
  type CalendarJob,
  calendarJobId,
  type DomainEventJob,
  type EmailJob,
  EventPayloadSchemas,
  EventTypes,
  emailJobId,
  isEventType,
  reminderJobId,
} from '@app/contracts/server';
import type { Database } from '@app/db';
import { findEvent, markProcessed } from '@app/platform/outbox';
import type { Job, JobsOptions, Queue } from 'bullmq';
import type { Logger } from 'pino';
import * as v from 'valibot';
import { assetsOfEvent, type LookerSharingDeps, queueSharingJobs } from '../looker-sharing/looker-sharing.processor';
import { queueRuns, type SubscriptionsDeps } from '../subscriptions/subscriptions.processor';
import { type FanOutPlan, planForEvent } from './fan-out';

export interface DomainEventsDeps {
  db: Database;
  emails: Queue<EmailJob>;
  emailJobOptions: JobsOptions;
  calendar: Queue<CalendarJob>;
  calendarJobOptions: JobsOptions;
  logger: Logger;
  /** Looker Studio sharing (issue 28): its queue, for the reports an event concerns (none: not fanned out). */
  lookerSharing?: LookerSharingDeps;
  /** Report subscriptions (issue 29): an admin's "send now" hands its run to their queue. */
  subscriptions?: Pick<SubscriptionsDeps, 'queue' | 'jobOptions'>;
}

/**
 * Removes a moved booking's reminders still waiting for another start (the processor would skip them anyway: this
 * only keeps the queue board honest). A job running or gone meanwhile is left alone.
 */
async function dropOtherReminders(
  deps: DomainEventsDeps,
  eventId: string,
  of: NonNullable<FanOutPlan['dropRemindersOf']>,
) {
  const keep = of.keepStartsAt.toISOString();
  const own = reminderJobId(eventId, of.keepStartsAt);
  const delayed = await deps.emails.getDelayed();
  const stale = delayed.filter(
    (job) =>
      job.name === 'booking-reminder' &&
      job.data.bookingId === of.bookingId &&
      (of.keepOnlyOwn ? job.id !== own : job.data.plannedStartsAt !== keep),
  );
  for (const job of stale) await job.remove().catch(() => undefined);
  if (stale.length) deps.logger.info({ bookingId: of.bookingId, removed: stale.length }, 'stale reminders removed');
}

/**
 * Fans a domain event out to the jobs it causes. Job ids are derived from the event id, so running this twice (a
 * retry, the sweeper or the reconcile publishing it again) adds nothing new. Marks the event processed when done.
 */
export async function processDomainEvent(job: Job<DomainEventJob>, deps: DomainEventsDeps) {
  const event = await findEvent(deps.db, job.data.eventId);
  if (!event) {
    deps.logger.warn({ eventId: job.data.eventId }, 'domain event not found; nothing to do');
    return { emails: 0, calendar: 0 };
  }
  if (!isEventType(event.type)) {
    deps.logger.warn({ eventId: event.id, type: event.type }, 'unknown domain event type; nothing to do');
    await markProcessed(deps.db, event.id);
    return { emails: 0, calendar: 0 };
  }
  const plan = await planForEvent(deps.db, { type: event.type, payload: event.payload });
  if (plan.emails.length)
    await deps.emails.addBulk(
      plan.emails.map(({ template, delayMs, reminder }) => ({
        name: template,
        data: {
          eventId: event.id,
          template,
          ...(reminder ? { bookingId: reminder.bookingId, plannedStartsAt: reminder.startsAt.toISOString() } : {}),
        },
        opts: {
          ...deps.emailJobOptions,
          jobId: reminder ? reminderJobId(event.id, reminder.startsAt) : emailJobId(event.id, template),
          ...(delayMs ? { delay: delayMs } : {}),
        },
      })),
    );
  if (plan.dropRemindersOf) await dropOtherReminders(deps, event.id, plan.dropRemindersOf);
  if (plan.calendar.length)
    await deps.calendar.addBulk(
      plan.calendar.map(({ name, data }) => ({
        name,
        data,
        opts: { ...deps.calendarJobOptions, jobId: calendarJobId(event.id, name) },
      })),
    );
  if (event.type === EventTypes.subscriptionSendRequested && deps.subscriptions)
    await queueRuns(deps.subscriptions, [v.parse(EventPayloadSchemas[event.type], event.payload).runId]);
  const reports = deps.lookerSharing
    ? await queueSharingJobs(deps.lookerSharing, event.id, await assetsOfEvent(deps.db, event.type, event.payload))
    : 0;
  // Every job it causes is on the queue: the reconcile need not publish it again (decision 047).
  await markProcessed(deps.db, event.id);
  deps.logger.info(
    {
      eventId: event.id,
      type: event.type,
      ...(reports ? { lookerStudioReports: reports } : {}),
      requestId: event.requestId,
      templates: plan.emails.map((e) => e.template),
      calendar: plan.calendar.map((c) => c.name),
    },
    'event fanned out',
  );
  return { emails: plan.emails.length, calendar: plan.calendar.length };
}
