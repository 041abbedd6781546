import { AuthMessages } from '@app/contracts';
import type { Logger } from '@app/platform/logger';
import { withTimeout } from '@app/platform/timeout';
import type { Redis } from 'ioredis';
import { HttpError } from './http-error';

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/**
 * One round trip and one atomic step per attempt, whatever the number of limits (D34). `take`: when any key has
 * already reached its limit, nothing is counted and the attempt is refused; otherwise every key is counted (and
 * given its window on its first count). Counting before the work is checked is what keeps parallel requests from
 * all passing a check that none of them has counted yet. `refund` gives one count back (a sign-in that succeeded).
 * KEYS[i] has its window in ARGV[2i] and its limit in ARGV[2i + 1]. Reply: [refused index or 0, ttl in ms of it].
 */
const SCRIPT = `
if ARGV[1] == 'refund' then
  for _, key in ipairs(KEYS) do
    if tonumber(redis.call('get', key) or '0') > 0 then redis.call('decr', key) end
  end
  return {0, 0}
end
for i, key in ipairs(KEYS) do
  if tonumber(redis.call('get', key) or '0') >= tonumber(ARGV[i * 2 + 1]) then
    return {i, redis.call('pttl', key)}
  end
end
for i, key in ipairs(KEYS) do
  redis.call('incr', key)
  if redis.call('pttl', key) < 0 then redis.call('pexpire', key, ARGV[i * 2]) end
end
return {0, 0}`;

/**
 * A limit's counter. One request's limits are counted by one script over several keys, so they share a slot on Redis
 * Cluster: `{ratelimit}` is their hash tag (or the prefix's own, which comes first, when QUEUE_PREFIX has one).
 */
export const rateLimitKey = (prefix: string, key: string) => `${prefix}:{ratelimit}:${key}`;

type RateLimitRedis = Redis & { rateLimit(...args: (string | number)[]): Promise<number[]> };

/** What one attempt got: refused (with the time until the limit's window ends) or counted. */
type Outcome = { refusedFor: number } | null;

/**
 * The same limits in this process's memory, for while Redis is unreachable (D34): each API process then limits on
 * its own (N replicas let N times the limit through), which is far better than no limit at all. Bounded: expired
 * counters are swept when it grows, and the oldest dropped past the cap.
 */
export class MemoryCounters {
  private readonly counters = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 100_000,
  ) {}

  take(keys: string[], limits: Limit[]): Outcome {
    const now = this.now();
    const live = keys.map((key) => {
      const counter = this.counters.get(key);
      return counter && counter.resetAt > now ? counter : undefined;
    });
    for (let i = 0; i < keys.length; i++) {
      const counter = live[i];
      if (counter && counter.count >= limits[i]!.max) return { refusedFor: counter.resetAt - now };
    }
    keys.forEach((key, i) => {
      const counter = live[i];
      if (counter) counter.count++;
      else this.counters.set(key, { count: 1, resetAt: now + limits[i]!.windowMs });
    });
    if (this.counters.size > this.maxKeys) this.sweep(now);
    return null;
  }

  refund(keys: string[]): void {
    for (const key of keys) {
      const counter = this.counters.get(key);
      if (counter && counter.count > 0) counter.count--;
    }
  }

  get size(): number {
    return this.counters.size;
  }

  private sweep(now: number): void {
    for (const [key, counter] of this.counters) if (counter.resetAt <= now) this.counters.delete(key);
    for (const key of this.counters.keys()) {
      if (this.counters.size <= this.maxKeys * 0.9) break;
      this.counters.delete(key);
    }
  }
}

/**
 * How long a request waits for Redis to count an attempt before counting it in memory instead. A healthy Redis answers
 * in a millisecond; a failover (a Sentinel promotion, a Cluster slot moving) can hold commands for seconds, and a
 * visitor must not wait through it (issue 31: 2.4 s was seen on Cluster).
 */
export const RATE_LIMIT_REDIS_TIMEOUT_MS = 500;

/**
 * Counters in Redis, shared by every API instance (D8). When Redis is unreachable, or slower than
 * RATE_LIMIT_REDIS_TIMEOUT_MS, each process counts in memory instead (D34): requests are still accepted, still limited,
 * and never held up by Redis.
 */
export class RateLimiter {
  private readonly redis: RateLimitRedis;
  private readonly memory: MemoryCounters;
  private degraded = false;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly logger: Logger,
    now: () => number = Date.now,
    private readonly timeoutMs = RATE_LIMIT_REDIS_TIMEOUT_MS,
  ) {
    if (!('rateLimit' in redis)) redis.defineCommand('rateLimit', { lua: SCRIPT });
    this.redis = redis as RateLimitRedis;
    this.memory = new MemoryCounters(now);
  }

  private keys(limits: Limit[]): string[] {
    return limits.map((limit) => rateLimitKey(this.prefix, limit.key));
  }

  private async run(mode: 'take' | 'refund', keys: string[], limits: Limit[]): Promise<Outcome | undefined> {
    try {
      const reply = await withTimeout(
        this.redis.rateLimit(keys.length, ...keys, mode, ...limits.flatMap((limit) => [limit.windowMs, limit.max])),
        this.timeoutMs,
        `Redis did not answer within ${this.timeoutMs} ms`,
      );
      if (this.degraded) {
        this.degraded = false;
        this.logger.info('rate limits counted in Redis again');
      }
      const refused = Number(reply[0]);
      if (!refused) return null;
      const ttl = Number(reply[1]);
      return { refusedFor: ttl > 0 ? ttl : (limits[refused - 1]?.windowMs ?? 0) };
    } catch (error) {
      if (!this.degraded) {
        this.degraded = true;
        this.logger.warn(
          { err: error },
          'Redis unreachable: rate limits counted in this process only until it is back',
        );
      }
      return undefined;
    }
  }

  /**
   * Counts one attempt against every limit, atomically; throws 429 (counting nothing) when one is used up. Call it
   * before the work it protects, so that parallel attempts cannot all pass.
   */
  async hit(limits: Limit[]): Promise<void> {
    const keys = this.keys(limits);
    let outcome = await this.run('take', keys, limits);
    if (outcome === undefined) outcome = this.memory.take(keys, limits);
    if (outcome) throw tooMany(outcome.refusedFor);
  }

  /** Gives back the count of an attempt that turned out not to count (a successful sign-in, D8). */
  async refund(limits: Limit[]): Promise<void> {
    const keys = this.keys(limits);
    if ((await this.run('refund', keys, limits)) === undefined) this.memory.refund(keys);
  }
}

const tooMany = (ttlMs: number) =>
  new HttpError(429, AuthMessages.tooManyAttempts, [], { 'retry-after': String(Math.max(1, Math.ceil(ttlMs / 1000))) });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The limits of D8. */
export const Limits = {
  loginFailuresByEmail: (email: string): Limit => ({
    key: `login:email:${email.toLowerCase()}`,
    max: 10,
    windowMs: 15 * MINUTE,
  }),
  loginFailuresByIp: (ip: string): Limit => ({ key: `login:ip:${ip}`, max: 100, windowMs: 15 * MINUTE }),
  resetByEmail: (email: string): Limit => ({ key: `reset:email:${email.toLowerCase()}`, max: 3, windowMs: HOUR }),
  resetByIp: (ip: string): Limit => ({ key: `reset:ip:${ip}`, max: 20, windowMs: HOUR }),
  contactByIp: (ip: string): Limit => ({ key: `contact:ip:${ip}`, max: 5, windowMs: 10 * MINUTE }),
  bookingByIp: (ip: string): Limit => ({ key: `booking:ip:${ip}`, max: 5, windowMs: 10 * MINUTE }),
  /** Moving a booking through its link: like booking (D8). */
  rescheduleByIp: (ip: string): Limit => ({ key: `reschedule:ip:${ip}`, max: 5, windowMs: 10 * MINUTE }),
  /** Issue 17: codes tried on one pending sign-in (it lives 5 minutes). */
  secondFactorByPending: (pendingId: string): Limit => ({
    key: `2fa:pending:${pendingId}`,
    max: 5,
    windowMs: 5 * MINUTE,
  }),
  /** Issue 17: failed codes of one person, whichever the pending sign-in or account-page form (D8's e-mail limit). */
  secondFactorByUser: (userId: number): Limit => ({ key: `2fa:user:${userId}`, max: 10, windowMs: 15 * MINUTE }),
  /** Issue 17: wrong current passwords on the account page. */
  passwordChangeByUser: (userId: number): Limit => ({
    key: `password-change:user:${userId}`,
    max: 10,
    windowMs: 15 * MINUTE,
  }),
  /** Single sign-on starts and callbacks (issue 17): as failed sign-ins, a successful sign-in gives its counts back. */
  ssoStartsByIp: (ip: string): Limit => ({ key: `sso:start:ip:${ip}`, max: 100, windowMs: 15 * MINUTE }),
  ssoCallbacksByIp: (ip: string): Limit => ({ key: `sso:callback:ip:${ip}`, max: 100, windowMs: 15 * MINUTE }),
};
