import { type DomainEventJob, domainEventJobOptions, QueueNames } from '@app/contracts';
import type { Database } from '@app/db';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '../lib/logger';
import { markPublished, recordPublishFailure } from './outbox.repository';

export interface PublishableEvent {
  id: string;
  type: string;
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
  /** A publish that takes longer fails (Redis unreachable or stalled): the outbox keeps the events. */
  timeoutMs?: number;
  /** Most events in one round trip to Redis and one UPDATE. */
  maxBatch?: number;
}

/** While publishing is busy, events go to Redis together at most this often. */
const PUBLISH_INTERVAL_MS = 5;
/** While publishing is busy, published events are marked together at most this often. */
const MARK_INTERVAL_MS = 20;

interface Pending {
  events: PublishableEvent[];
  done: () => void;
}

/**
 * Publishes in batches: every event dispatched while the previous batch is in flight (or in the same tick) goes out
 * together in one `addBulk` and is marked published with one UPDATE. Under load that turns one Redis round trip and
 * one UPDATE per request into one of each per batch; when idle a batch is a single event, sent at once.
 */
export function createOutboxPublisher(options: OutboxPublisherOptions): EventPublisher {
  const { db, logger } = options;
  const timeoutMs = options.timeoutMs ?? 1000;
  const maxBatch = options.maxBatch ?? 500;
  const queue = new Queue<DomainEventJob>(QueueNames.domainEvents, {
    connection: options.redis,
    prefix: options.prefix,
  });
  // A Queue emits 'error' while Redis is unreachable; the outbox covers that, so do not crash on it.
  queue.on('error', () => {});

  let waiting: Pending[] = [];
  let flushing: Promise<void> | null = null;

  const withTimeout = async <T>(work: Promise<T>): Promise<T> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Publishing timed out after ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([work, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

  // Marking runs beside publishing, at most once per MARK_INTERVAL_MS while busy: under load one UPDATE covers every
  // event published meanwhile, instead of one UPDATE per publish round trip. When idle an event is marked at once.
  let toMark: Array<{ ids: string[]; done: () => void }> = [];
  let marking: Promise<void> | null = null;
  let lastMarkAt = Number.NEGATIVE_INFINITY;
  const markLoop = async () => {
    while (toMark.length > 0) {
      const wait = lastMarkAt + MARK_INTERVAL_MS - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const batch = toMark;
      toMark = [];
      lastMarkAt = performance.now();
      const ids = batch.flatMap((entry) => entry.ids);
      // If marking fails the sweeper publishes these again, which the job id makes harmless.
      await markPublished(db, ids).catch((error) =>
        logger.warn({ eventIds: ids, err: error }, 'published events not marked: the sweeper will publish them again'),
      );
      for (const entry of batch) entry.done();
    }
    marking = null;
  };
  const markSoon = (ids: string[], done: () => void) => {
    toMark.push({ ids, done });
    marking ??= markLoop();
  };

  const publishBatch = async (batch: Pending[]) => {
    const events = batch.flatMap((p) => p.events);
    const ids = events.map((e) => e.id);
    const done = () => {
      for (const pending of batch) pending.done();
    };
    try {
      await withTimeout(
        queue.addBulk(
          events.map((event) => ({
            name: event.type,
            data: { eventId: event.id },
            opts: { ...domainEventJobOptions, jobId: event.id },
          })),
        ),
      );
    } catch (error) {
      logger.warn({ eventIds: ids, err: error }, 'events left in the outbox for the sweeper');
      await recordPublishFailure(db, ids, String((error as Error).message)).catch(() => {});
      done();
      return;
    }
    markSoon(ids, done);
  };

  let lastPublishAt = Number.NEGATIVE_INFINITY;
  const flush = async () => {
    // Let the requests of this tick add their events first.
    await new Promise((resolve) => setImmediate(resolve));
    while (waiting.length > 0) {
      // While busy, publish at most every PUBLISH_INTERVAL_MS: fewer, larger round trips (each socket write costs the
      // API, and Redis, more than the jobs it carries). An event after a quiet moment goes out at once.
      const wait = lastPublishAt + PUBLISH_INTERVAL_MS - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      lastPublishAt = performance.now();
      const batch: Pending[] = [];
      let size = 0;
      while (waiting.length > 0 && size < maxBatch) {
        const next = waiting.shift() as Pending;
        batch.push(next);
        size += next.events.length;
      }
      await publishBatch(batch);
    }
    flushing = null;
  };

  return {
    dispatch(events) {
      if (events.length === 0) return Promise.resolve();
      const done = new Promise<void>((resolve) => {
        waiting.push({ events, done: resolve });
      });
      flushing ??= flush();
      return done;
    },
    async close() {
      await flushing;
      await marking;
      waiting = [];
      await queue.close().catch(() => {});
    },
  };
}
