import { AuthMessages } from '@app/contracts';
import type { Redis } from 'ioredis';
import { HttpError } from './http-error';
import type { Logger } from './logger';

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Counters in Redis, shared by every API instance (D8). When Redis is unreachable the limits are not enforced
 * rather than refusing every request: availability first, and the outage is logged.
 */
export class RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly logger: Logger,
  ) {}

  private key(limit: Limit) {
    return `${this.prefix}:ratelimit:${limit.key}`;
  }

  /** Counts one attempt against every limit; throws 429 when one is exceeded. */
  async hit(limits: Limit[]): Promise<void> {
    try {
      const pipeline = this.redis.multi();
      for (const limit of limits)
        pipeline.incr(this.key(limit)).pexpire(this.key(limit), limit.windowMs, 'NX').pttl(this.key(limit));
      const results = (await pipeline.exec()) ?? [];
      limits.forEach((limit, i) => {
        const count = Number(results[i * 3]?.[1] ?? 0);
        const ttl = Number(results[i * 3 + 2]?.[1] ?? limit.windowMs);
        if (count > limit.max) throw tooMany(ttl);
      });
    } catch (error) {
      if (error instanceof HttpError) throw error;
      this.logger.warn({ err: error }, 'rate limit not checked: Redis unreachable');
    }
  }

  /** Refuses when a limit is already used up, without counting (for failures counted afterwards). */
  async check(limits: Limit[]): Promise<void> {
    try {
      const pipeline = this.redis.multi();
      for (const limit of limits) pipeline.get(this.key(limit)).pttl(this.key(limit));
      const results = (await pipeline.exec()) ?? [];
      limits.forEach((limit, i) => {
        const count = Number(results[i * 2]?.[1] ?? 0);
        if (count >= limit.max) throw tooMany(Number(results[i * 2 + 1]?.[1] ?? limit.windowMs));
      });
    } catch (error) {
      if (error instanceof HttpError) throw error;
      this.logger.warn({ err: error }, 'rate limit not checked: Redis unreachable');
    }
  }

  /** Counts a failure without refusing (the next `check` will). */
  async count(limits: Limit[]): Promise<void> {
    try {
      const pipeline = this.redis.multi();
      for (const limit of limits) pipeline.incr(this.key(limit)).pexpire(this.key(limit), limit.windowMs, 'NX');
      await pipeline.exec();
    } catch (error) {
      this.logger.warn({ err: error }, 'rate limit not counted: Redis unreachable');
    }
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
};
