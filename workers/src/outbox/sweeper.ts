import { type DomainEventJob, Queues } from '@app/contracts/server';
import type { Database } from '@app/db';
import { findUnpublishedEvents, markPublished } from '@app/platform/outbox';
import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import { everyIntervalInCluster, type Lease } from './cluster-interval';

export interface SweeperDeps {
  db: Database;
  domainEvents: Queue<DomainEventJob>;
  logger: Logger;
  /** Leave the newest events to the API, which publishes them itself right after committing. */
  minAgeMs: number;
  batchSize?: number;
  /** Which replica sweeps this round (createLease): one per cluster, not one per worker process. */
  lease: Lease;
}

/**
 * Publishes events that the API committed but could not put on the queue (Redis was down). Publishing twice is
 * harmless: the job id is the event id, and every e-mail has its delivery record.
 */
async function sweepOutbox(deps: SweeperDeps): Promise<number> {
  const events = await findUnpublishedEvents(deps.db, new Date(Date.now() - deps.minAgeMs), deps.batchSize ?? 200);
  let published = 0;
  for (const event of events) {
    await deps.domainEvents.add(
      event.type,
      { eventId: event.id },
      { ...Queues.domainEvents.defaultJobOptions, jobId: event.id },
    );
    await markPublished(deps.db, [event.id]);
    published++;
  }
  if (published) deps.logger.info({ published }, 'outbox sweeper published events');
  return published;
}

/** Runs the sweeper every `intervalMs`, once per cluster (`everyIntervalInCluster`). Stops with the returned function. */
export function startSweeper(deps: SweeperDeps, intervalMs: number): () => Promise<void> {
  return everyIntervalInCluster(deps, intervalMs, () => sweepOutbox(deps), 'outbox sweep failed; will try again');
}
