import { createHash } from 'node:crypto';
import { type DomainEventJob, EventTypes, Queues, todayIn, type UsageDigestJob } from '@app/contracts/server';
import type { Database } from '@app/db';
import { insertEventOnce, markPublished } from '@app/platform/outbox';
import type { Job, Queue } from 'bullmq';
import type { Logger } from 'pino';
import { activeAdmins } from '../../repositories/usage.repository';

export interface UsageDigestDeps {
  db: Database;
  domainEvents: Queue<DomainEventJob>;
  /** The company's zone: which month "last month" is. */
  timeZone: string;
  logger: Logger;
  now?: () => Date;
}

/** The month before the one `now` falls in, in the zone (yyyy-MM). */
export function previousMonth(now: Date, timeZone: string): string {
  const [year, month] = todayIn(timeZone, now).split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/**
 * The id of one month's digest to one admin: derived from both, so whoever writes it first (another worker process,
 * a retried or repeated job) writes it once, and its e-mail's delivery record is unique per month and admin (D30).
 */
export function digestEventId(month: string, userId: number): string {
  const hex = createHash('sha256').update(`usage-digest:${month}:${userId}`).digest('hex');
  // A UUID's shape (version 8: made by the application), as outbox_events.id requires.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The monthly usage digest (issue 18): one `usage_digest.due` event per active admin for the month, each written
 * once whatever runs this job how often, then handed to the domain-events queue (the fan-out sends its e-mail). An
 * event written but not handed over (Redis down) is published by the outbox sweeper.
 */
export async function processUsageDigest(job: Job<UsageDigestJob>, deps: UsageDigestDeps) {
  const month = job.data.month ?? previousMonth(deps.now?.() ?? new Date(), deps.timeZone);
  const admins = await activeAdmins(deps.db);
  let written = 0;
  for (const admin of admins) {
    const id = digestEventId(month, admin.id);
    if (!(await insertEventOnce(deps.db, id, EventTypes.usageDigestDue, { month, userId: admin.id }))) continue;
    written++;
    await deps.domainEvents.add(
      EventTypes.usageDigestDue,
      { eventId: id },
      { ...Queues.domainEvents.defaultJobOptions, jobId: id },
    );
    await markPublished(deps.db, [id]);
  }
  deps.logger.info({ month, admins: admins.length, written }, 'usage digest events written');
  return { month, admins: admins.length, written };
}
