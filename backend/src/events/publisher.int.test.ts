import { EventTypes, QueueNames } from '@app/contracts/server';
import * as schema from '@app/db/schema';
import { useTestDatabase } from '@app/db/testing';
import { silentLogger } from '@app/platform/logger';
import { insertEvent } from '@app/platform/outbox';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createOutboxPublisher } from './publisher';

describe('the outbox publisher', () => {
  const handle = useTestDatabase();
  let redis: Redis;
  const prefix = `test-${crypto.randomUUID().slice(0, 8)}`;

  beforeAll(() => {
    redis = new Redis(inject('redisUrl'), { maxRetriesPerRequest: null });
  });
  afterAll(() => {
    redis.disconnect();
  });

  const newEvents = (count: number) =>
    Promise.all(
      Array.from({ length: count }, (_, i) =>
        insertEvent(handle.db, EventTypes.contactReceived, { contactMessageId: i + 1 }),
      ),
    );

  it('publishes concurrent dispatches together, once each, with the event id as job id, and marks them', async () => {
    const publisher = createOutboxPublisher({ redis, db: handle.db, logger: silentLogger, prefix });
    const events = await newEvents(120);
    const adds: number[] = [];
    const queue = new Queue(QueueNames.domainEvents, { connection: redis, prefix });
    // Count round trips: every batch is one addBulk (one MULTI), whatever its size.
    const original = Queue.prototype.addBulk;
    Queue.prototype.addBulk = function (this: Queue, jobs: Parameters<Queue['addBulk']>[0]) {
      adds.push(jobs.length);
      return original.call(this, jobs);
    } as Queue['addBulk'];
    try {
      await Promise.all(events.map((event) => publisher.dispatch([event])));
      // Publishing one of them again (the sweeper's case) adds no second job.
      await publisher.dispatch([events[0]!]);
    } finally {
      Queue.prototype.addBulk = original;
    }
    expect(adds.reduce((a, b) => a + b, 0)).toBe(121);
    expect(adds.length).toBeLessThanOrEqual(3);
    expect(await queue.getJobCountByTypes('waiting', 'prioritized')).toBe(120);
    const job = await queue.getJob(events[7]!.id);
    expect(job?.name).toBe('contact.received');
    expect(job?.data).toEqual({ eventId: events[7]!.id });
    const rows = await handle.db.select().from(schema.outboxEvents);
    expect(rows.every((row) => row.publishedAt instanceof Date && row.publishAttempts === 0)).toBe(true);
    await queue.obliterate({ force: true });
    await queue.close();
    await publisher.close();
  });

  it('never rejects when Redis is unreachable: the events stay unpublished with the attempt and error kept', async () => {
    await handle.db.delete(schema.outboxEvents);
    const dead = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      lazyConnect: true,
    });
    dead.on('error', () => {});
    const publisher = createOutboxPublisher({
      redis: dead,
      db: handle.db,
      logger: silentLogger,
      prefix,
      timeoutMs: 300,
    });
    const events = await newEvents(5);
    await Promise.all(events.map((event) => publisher.dispatch([event])));
    const rows = await handle.db.select().from(schema.outboxEvents);
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row.publishedAt).toBeNull();
      expect(row.publishAttempts).toBe(1);
      expect(row.lastError).toBeTruthy();
    }
    await publisher.close();
    dead.disconnect();
  });

  it('finishes what is pending when closed', async () => {
    await handle.db.delete(schema.outboxEvents);
    const publisher = createOutboxPublisher({ redis, db: handle.db, logger: silentLogger, prefix: `${prefix}-close` });
    const events = await newEvents(10);
    for (const event of events) void publisher.dispatch([event]);
    await publisher.close();
    const rows = await handle.db.select().from(schema.outboxEvents);
    expect(rows.filter((row) => row.publishedAt).length).toBe(10);
  });
});
