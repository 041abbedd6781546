import type { Redis } from 'ioredis';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { MemoryCounters, RATE_LIMIT_REDIS_TIMEOUT_MS, RateLimiter } from './rate-limit';

const limit = (key: string, max: number, windowMs = 1_000) => ({ key, max, windowMs });

describe('the in-process counters used while Redis is unreachable', () => {
  it('refuses once a limit is used up, counting nothing for the refused attempt, until its window ends', () => {
    let now = 0;
    const counters = new MemoryCounters(() => now);
    const limits = [limit('a', 3), limit('b', 100)];
    const keys = ['a', 'b'];
    expect([1, 2, 3].map(() => counters.take(keys, limits))).toEqual([null, null, null]);
    expect(counters.take(keys, limits)).toEqual({ refusedFor: 1_000 });
    now = 999;
    expect(counters.take(keys, limits)).toEqual({ refusedFor: 1 });
    now = 1_000;
    expect(counters.take(keys, limits)).toBeNull();
  });

  it('gives a count back on refund', () => {
    const counters = new MemoryCounters(() => 0);
    const limits = [limit('a', 1)];
    expect(counters.take(['a'], limits)).toBeNull();
    counters.refund(['a']);
    expect(counters.take(['a'], limits)).toBeNull();
    expect(counters.take(['a'], limits)).not.toBeNull();
  });

  it('stays bounded: expired counters are swept and the oldest dropped past the cap', () => {
    let now = 0;
    const counters = new MemoryCounters(() => now, 100);
    for (let i = 0; i < 500; i++) counters.take([`k${i}`], [limit(`k${i}`, 5)]);
    expect(counters.size).toBeLessThanOrEqual(101);
    now = 5_000;
    counters.take(['late'], [limit('late', 5)]);
    for (let i = 0; i < 100; i++) counters.take([`m${i}`], [limit(`m${i}`, 5)]);
    expect(counters.size).toBeLessThanOrEqual(101);
  });
});

describe('a Redis in the middle of a failover', () => {
  it('holds no request longer than the timeout: the attempt is counted in memory, and still limited', async () => {
    vi.useFakeTimers();
    try {
      // A Redis that takes commands and answers none, as one does while a Cluster slot or a Sentinel master moves.
      const stalled = { defineCommand: () => {}, rateLimit: () => new Promise<number[]>(() => {}) };
      const limiter = new RateLimiter(stalled as unknown as Redis, 'test', pino({ level: 'silent' }));
      const limits = [limit('contact:ip:127.0.0.1', 2, 60_000)];
      const attempt = async () => {
        const settled = limiter.hit(limits).then(
          () => 'counted',
          (error: { status?: number }) => `refused ${error.status}`,
        );
        await vi.advanceTimersByTimeAsync(RATE_LIMIT_REDIS_TIMEOUT_MS);
        return settled;
      };
      expect([await attempt(), await attempt(), await attempt()]).toEqual(['counted', 'counted', 'refused 429']);
    } finally {
      vi.useRealTimers();
    }
  });
});
