import { describe, expect, it } from 'vitest';
import { MemoryCounters } from './rate-limit';

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
