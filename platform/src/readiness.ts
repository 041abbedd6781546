import type { Redis } from 'ioredis';
import type postgres from 'postgres';
import { withTimeout } from './timeout';

export type ProbeResult = 'up' | 'down';

/** Whether a dependency answered its probe within the time: 'up' or 'down' (a probe that throws is 'down'). */
export const probe = (check: () => Promise<unknown>, ms = 2000): Promise<ProbeResult> =>
  withTimeout(Promise.resolve().then(check), ms).then(
    () => 'up' as const,
    () => 'down' as const,
  );

/** PostgreSQL and Redis probed side by side: what /readyz of the API and of the workers report. */
export const checkDependencies = async (deps: {
  sql: postgres.Sql;
  redis: Redis;
}): Promise<{ database: ProbeResult; redis: ProbeResult }> => {
  const [database, redis] = await Promise.all([probe(() => deps.sql`select 1`), probe(() => deps.redis.ping())]);
  return { database, redis };
};
