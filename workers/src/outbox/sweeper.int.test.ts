import type { DomainEventJob } from '@app/contracts/server';
import { connect } from '@app/db';
import { createTestDatabase, useFixture } from '@app/db/testing';
import { createLease } from '@app/platform/cluster-once';
import { insertEvent } from '@app/platform/outbox';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pino from 'pino';
import { describe, expect, inject, it } from 'vitest';
import { startSweeper } from './sweeper';

const env = useFixture(
  async () => {
    const database = await createTestDatabase(inject('databaseServerUrl'));
    const handle = connect(database.url, { max: 6 });
    const redis = new Redis(inject('redisUrl'));
    return { database, handle, redis };
  },
  async ({ database, handle, redis }) => {
    redis.disconnect();
    await handle.close();
    await database.drop();
  },
);

/** A stand-in for the domain-events queue that counts what each sweeper publishes, per event. */
function countingQueue(addMs = 5) {
  const added = new Map<string, number>();
  const queue = {
    async add(_name: string, data: DomainEventJob) {
      added.set(data.eventId, (added.get(data.eventId) ?? 0) + 1);
      // A real add is a Redis round trip: the other replicas' rounds get the time to overlap with this one.
      await new Promise((resolve) => setTimeout(resolve, addMs));
    },
  };
  return { added, queue: queue as unknown as Queue<DomainEventJob> };
}

/** One worker process's sweeper, every 100 ms, on the shared lease `key`; stops with the returned function. */
const sweeper = (queue: Queue<DomainEventJob>, key: string) =>
  startSweeper(
    {
      db: env.handle.db,
      domainEvents: queue,
      logger: pino({ level: 'silent' }),
      minAgeMs: 0,
      lease: createLease(env.redis, key),
    },
    100,
  );

describe('the outbox sweeper on several replicas', () => {
  it('publishes each stranded event once, whichever of three worker processes sweeps (one round per interval)', async () => {
    const { handle } = env;
    const key = `test-${crypto.randomUUID().slice(0, 8)}:outbox-sweep:lease`;
    const { added, queue } = countingQueue();
    // Three worker processes' sweepers, started together as a rollout starts them, each with its own lease handle.
    const stops = [1, 2, 3].map(() => sweeper(queue, key));
    const ids: string[] = [];
    try {
      // Events stranded while Redis was away, arriving over a second and a half.
      for (let round = 0; round < 15; round++) {
        for (let i = 0; i < 4; i++)
          ids.push((await insertEvent(handle.db, 'contact.received', { contactMessageId: round * 4 + i })).id);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await expect.poll(() => ids.every((id) => added.has(id)), { timeout: 10_000 }).toBe(true);
    } finally {
      await Promise.all(stops.map((stop) => stop()));
    }
    const twice = ids.filter((id) => added.get(id) !== 1);
    expect(twice).toEqual([]);
  });

  it('is taken over by another replica when the one that swept stops', async () => {
    const { handle } = env;
    const key = `test-${crypto.randomUUID().slice(0, 8)}:outbox-sweep:lease`;
    const { added, queue } = countingQueue();
    const start = () => sweeper(queue, key);
    // The first replica sweeps alone, then a second starts (and finds the lease taken), then the first stops.
    const first = start();
    const before = (await insertEvent(handle.db, 'contact.received', { contactMessageId: 1 })).id;
    await expect.poll(() => added.has(before), { timeout: 10_000 }).toBe(true);
    const second = start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await first();
    const after = (await insertEvent(handle.db, 'contact.received', { contactMessageId: 2 })).id;
    await expect.poll(() => added.has(after), { timeout: 10_000 }).toBe(true);
    await second();
    expect([added.get(before), added.get(after)]).toEqual([1, 1]);
  });

  it('holds the lease for a whole round that lasts longer than the interval: no second replica starts meanwhile', async () => {
    const { handle } = env;
    const key = `test-${crypto.randomUUID().slice(0, 8)}:outbox-sweep:lease`;
    // 40 stranded events and a slow queue: one round takes about 40 × 25 ms = 1 s, ten intervals.
    const { added, queue } = countingQueue(25);
    const ids: string[] = [];
    for (let i = 0; i < 40; i++)
      ids.push((await insertEvent(handle.db, 'contact.received', { contactMessageId: 1000 + i })).id);
    const stops = [1, 2, 3].map(() => sweeper(queue, key));
    try {
      await expect.poll(() => ids.every((id) => added.has(id)), { timeout: 15_000 }).toBe(true);
    } finally {
      await Promise.all(stops.map((stop) => stop()));
    }
    expect(ids.filter((id) => added.get(id) !== 1)).toEqual([]);
  });
});
