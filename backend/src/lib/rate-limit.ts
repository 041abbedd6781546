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
 * One round trip per check, whatever the number of limits: a Lua script counts (or reads) every key and gives each
 * a window on its first count. ARGV[1] is the mode ('hit' counts and reports, 'check' only reports, 'count' only
 * counts), ARGV[i + 1] the window of KEYS[i]. The reply is [count, ttl in ms] per key.
 */
const SCRIPT = `
local reply = {}
for i, key in ipairs(KEYS) do
  local count
  if ARGV[1] == 'check' then
    count = tonumber(redis.call('get', key) or '0')
  else
    count = redis.call('incr', key)
    if redis.call('pttl', key) < 0 then redis.call('pexpire', key, ARGV[i + 1]) end
  end
  reply[#reply + 1] = count
  reply[#reply + 1] = redis.call('pttl', key)
end
return reply`;

type Mode = 'hit' | 'check' | 'count';
type RateLimitRedis = Redis & { rateLimit(...args: (string | number)[]): Promise<number[]> };

/**
 * Counters in Redis, shared by every API instance (D8). When Redis is unreachable the limits are not enforced
 * rather than refusing every request: availability first, and the outage is logged.
 */
export class RateLimiter {
  private readonly redis: RateLimitRedis;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly logger: Logger,
  ) {
    if (!('rateLimit' in redis)) redis.defineCommand('rateLimit', { lua: SCRIPT });
    this.redis = redis as RateLimitRedis;
  }

  private async run(mode: Mode, limits: Limit[]): Promise<Array<{ count: number; ttlMs: number }>> {
    const reply = await this.redis.rateLimit(
      limits.length,
      ...limits.map((limit) => `${this.prefix}:ratelimit:${limit.key}`),
      mode,
      ...limits.map((limit) => limit.windowMs),
    );
    return limits.map((limit, i) => {
      const ttl = Number(reply[i * 2 + 1]);
      return { count: Number(reply[i * 2] ?? 0), ttlMs: ttl > 0 ? ttl : limit.windowMs };
    });
  }

  /** Counts one attempt against every limit; throws 429 when one is exceeded. */
  async hit(limits: Limit[]): Promise<void> {
    let results: Array<{ count: number; ttlMs: number }>;
    try {
      results = await this.run('hit', limits);
    } catch (error) {
      this.logger.warn({ err: error }, 'rate limit not checked: Redis unreachable');
      return;
    }
    limits.forEach((limit, i) => {
      const result = results[i];
      if (result && result.count > limit.max) throw tooMany(result.ttlMs);
    });
  }

  /** Refuses when a limit is already used up, without counting (for failures counted afterwards). */
  async check(limits: Limit[]): Promise<void> {
    let results: Array<{ count: number; ttlMs: number }>;
    try {
      results = await this.run('check', limits);
    } catch (error) {
      this.logger.warn({ err: error }, 'rate limit not checked: Redis unreachable');
      return;
    }
    limits.forEach((limit, i) => {
      const result = results[i];
      if (result && result.count >= limit.max) throw tooMany(result.ttlMs);
    });
  }

  /** Counts a failure without refusing (the next `check` will). */
  async count(limits: Limit[]): Promise<void> {
    try {
      await this.run('count', limits);
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
