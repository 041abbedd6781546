import { describe, expect, it } from 'vitest';
import { createLease, sharedEvery } from './cluster-once';

/** A Redis that cannot be reached: every command fails, as ioredis does once its offline queue gives up. */
const unreachable = {
  set: () => Promise.reject(new Error('connect ECONNREFUSED')),
  get: () => Promise.reject(new Error('connect ECONNREFUSED')),
  eval: () => Promise.reject(new Error('connect ECONNREFUSED')),
} as unknown as Parameters<typeof createLease>[0];

describe('work once per cluster, when Redis cannot be asked', () => {
  // The sweep exists for events the API could not publish because Redis was down: it must not stop for the same cause.
  it('still runs the round locally (the lease is taken as granted)', async () => {
    const lease = createLease(unreachable, 'test:lease');
    expect(await lease.take(1000)).toBe(true);
    expect(await lease.run(1000, async () => 'swept')).toBe('swept');
  });

  it('still computes the shared reading locally', async () => {
    let computed = 0;
    const read = sharedEvery(unreachable, 'test:reading', 5000, async () => ++computed);
    expect(await read()).toBe(1);
    expect(await read()).toBe(2);
  });
});
