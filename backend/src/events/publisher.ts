import { domainEventJobOptions, Queues } from '@app/contracts/server';
import type { Database } from '@app/db';
import type { Logger } from '@app/platform/logger';
import { markPublished, recordPublishFailure } from '@app/platform/outbox';
import { createQueue, type QueueConnection } from '@app/platform/queues';
import { withTimeout } from '@app/platform/timeout';
import { currentTraceMetadata } from '@app/platform/trace-context';
import type { Redis } from 'ioredis';
import { createBatcher } from '../lib/batcher';

export interface PublishableEvent {
  id: string;
  type: string;
  /** The trace of the request that wrote it (currentTraceMetadata), continued by the job it becomes. */
  trace?: string | undefined;
}

/**
 * Puts events that are already committed to the outbox on the domain-events queue (job id = event id, so a second
 * publish of the same event is a no-op) and marks them published.
 */
export interface EventPublisher {
  /**
   * Resolves once the events are published and marked, or once publishing failed: it never rejects. What could not
   * be published stays in the outbox (attempt counted, error kept) and the workers' sweeper publishes it later.
   */
  dispatch(events: PublishableEvent[]): Promise<void>;
  /** Finishes what is pending, then closes the queue connection. */
  close(): Promise<void>;
}

export interface OutboxPublisherOptions {
  redis: Redis;
  db: Database;
  logger: Logger;
  prefix?: string;
  /** BullMQ's OpenTelemetry, when tracing is on. */
  telemetry?: QueueConnection['telemetry'];
  /** A publish that takes longer fails (Redis unreachable or stalled): the outbox keeps the events. */
  timeoutMs?: number;
  /** Most events in one round trip to Redis and one UPDATE. */
  maxBatch?: number;
}

/** While publishing is busy, events go to Redis together at most this often. */
const PUBLISH_INTERVAL_MS = 5;
/** While publishing is busy, published events are marked together at most this often. */
const MARK_INTERVAL_MS = 20;
/** Most events marked with one UPDATE. */
const MARK_BATCH = 1000;

/**
 * Publishes in batches (`createBatcher`, as the contact messages are stored): every event dispatched while the previous
 * batch is in flight (or in the same tick) goes out together in one `addBulk`, and published events are marked with
 * one UPDATE, beside publishing. Under load that turns one Redis round trip and one UPDATE per request into one of
 * each per batch; when idle a batch is a single event, sent at once (decision 014).
 */
export function createOutboxPublisher(options: OutboxPublisherOptions): EventPublisher {
  const { db, logger } = options;
  const timeoutMs = options.timeoutMs ?? 1000;
  const maxBatch = options.maxBatch ?? 500;
  // Its 'error' events while Redis is unreachable are swallowed by the factory: the outbox covers that.
  const queue = createQueue(
    { redis: options.redis, prefix: options.prefix, telemetry: options.telemetry },
    Queues.domainEvents,
  );
  const published = <T>(work: Promise<T>) => withTimeout(work, timeoutMs, `Publishing timed out after ${timeoutMs} ms`);
  // Whether each event reached the queue. A batch never fails: what could not be published is recorded for the
  // sweeper, so the batcher never retries a batch event by event against an unreachable Redis.
  const publish = createBatcher(
    async (events: PublishableEvent[]): Promise<boolean[]> => {
      try {
        await published(
          queue.addBulk(
            events.map((event) => ({
              name: event.type,
              data: { eventId: event.id },
              opts: {
                ...domainEventJobOptions,
                jobId: event.id,
                ...(event.trace ? { telemetry: { metadata: event.trace } } : {}),
              },
            })),
          ),
        );
        return events.map(() => true);
      } catch (error) {
        const ids = events.map((event) => event.id);
        logger.warn({ eventIds: ids, err: error }, 'events left in the outbox for the sweeper');
        await recordPublishFailure(db, ids, String((error as Error).message)).catch(() => {});
        return events.map(() => false);
      }
    },
    // While busy, publish at most every PUBLISH_INTERVAL_MS: fewer, larger round trips (each socket write costs the
    // API, and Redis, more than the jobs it carries).
    { maxBatch, maxConcurrent: 1, minIntervalMs: PUBLISH_INTERVAL_MS },
  );
  const mark = createBatcher(
    async (ids: string[]) => {
      // If marking fails the sweeper publishes these again, which the job id makes harmless.
      await markPublished(db, ids).catch((error) =>
        logger.warn({ eventIds: ids, err: error }, 'published events not marked: the sweeper will publish them again'),
      );
      return ids.map(() => undefined);
    },
    { maxBatch: MARK_BATCH, maxConcurrent: 1, minIntervalMs: MARK_INTERVAL_MS },
  );
  const dispatchOne = async (event: PublishableEvent) => {
    if (await publish(event)) await mark(event.id);
  };

  const pending = new Set<Promise<void>>();
  return {
    dispatch(events) {
      if (events.length === 0) return Promise.resolve();
      // The batch is published in whatever context the batcher runs in: each event takes its request's trace along.
      const trace = options.telemetry ? currentTraceMetadata() : undefined;
      const done = Promise.all(events.map((event) => dispatchOne(trace ? { ...event, trace } : event))).then(() => {
        pending.delete(done);
      });
      pending.add(done);
      return done;
    },
    async close() {
      await Promise.all(pending);
      await queue.close().catch(() => {});
    },
  };
}
