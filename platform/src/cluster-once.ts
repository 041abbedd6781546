import type { Cluster, Redis } from 'ioredis';

/**
 * Work that every replica could do but the cluster needs once: the outbox sweep and the queue gauges. Both are
 * coordinated through the Redis every replica already shares, with one key each (so they work on Redis Cluster too),
 * and both fall back to doing the work locally when Redis cannot be asked: a replica never stops sweeping or
 * reporting because coordination is down, it only does it once more than needed.
 */
type Client = Pick<Redis | Cluster, 'set' | 'get' | 'eval'>;

/** The longest a round of work may hold its lease: a holder that dies mid-round blocks the others at most this long. */
const ROUND_MAX_MS = 30_000;

/** Shortens the lease to what is left of the round's period, if this holder still has it (one key: fine on Cluster). */
const SHORTEN = `
if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end
if tonumber(ARGV[2]) > 0 then return redis.call('pexpire', KEYS[1], ARGV[2]) end
return redis.call('del', KEYS[1])`;

/**
 * A lease of `ms` milliseconds on `key`: `take()` is true for exactly one caller per lease, whichever process it is
 * in (SET NX PX). A holder that dies loses it when it expires, so another replica takes over within one lease.
 */
export function createLease(redis: Client, key: string) {
  const holder = `${process.pid}-${crypto.randomUUID()}`;
  return {
    /** Whether this process holds the lease for the next `ms` (an unreachable Redis: true, see above). */
    async take(ms: number): Promise<boolean> {
      try {
        return (await redis.set(key, holder, 'PX', Math.max(1, Math.round(ms)), 'NX')) === 'OK';
      } catch {
        return true;
      }
    },
    /**
     * Runs `work` if this process gets the lease, holding it for the whole of the work however long it takes (up to
     * ROUND_MAX_MS), then for the rest of `ms` from the start: one round per `ms` in the cluster, and never two at once.
     * Resolves with undefined when another replica has it.
     */
    async run<T>(ms: number, work: () => Promise<T>): Promise<T | undefined> {
      const started = Date.now();
      if (!(await this.take(Math.max(ms, ROUND_MAX_MS)))) return undefined;
      try {
        return await work();
      } finally {
        const rest = Math.round(ms - (Date.now() - started));
        await redis.eval(SHORTEN, 1, key, holder, rest).catch(() => {});
      }
    },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `compute()` run at most once per `ttlMs` across the cluster: the first replica to ask takes a lease, computes and
 * shares the value under `key`; the others read it (waiting up to `waitMs` for the computing one). The value is JSON.
 */
export function sharedEvery<T>(
  redis: Client,
  key: string,
  ttlMs: number,
  compute: () => Promise<T>,
  { waitMs = 1000 }: { waitMs?: number } = {},
): () => Promise<T> {
  const lease = createLease(redis, `${key}:lease`);
  const read = async (): Promise<T | null> => {
    const cached = await redis.get(key);
    return cached === null ? null : (JSON.parse(cached) as T);
  };
  return async () => {
    try {
      const cached = await read();
      if (cached !== null) return cached;
      if (await lease.take(ttlMs)) {
        const value = await compute();
        await redis.set(key, JSON.stringify(value), 'PX', ttlMs).catch(() => {});
        return value;
      }
      for (let waited = 0; waited < waitMs; waited += 50) {
        await pause(50);
        const value = await read();
        if (value !== null) return value;
      }
    } catch {
      // Redis unreachable: below.
    }
    return compute();
  };
}
