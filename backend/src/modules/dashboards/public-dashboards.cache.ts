import type { Database } from '@app/db';
import type { Redis } from 'ioredis';
import type { Logger } from '../../lib/logger';
import { listPublicDashboards } from './dashboards.repository';

/** The public sample list, already serialized: the most requested answer of the site. */
export interface PublicDashboardsCache {
  /** The JSON body of GET /api/dashboards/public. */
  get(): Promise<string>;
  /** Forget the list here and on every other API replica (after an admin changes a dashboard). */
  invalidate(): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL_SUFFIX = 'public-dashboards:invalidate';
/** A safety net: a replica that missed an invalidation (Redis was down) still refreshes within this time. */
const MAX_AGE_MS = 30_000;

/**
 * Kept in each API process and dropped on a message on a Redis channel, which every replica subscribes to. Reads never
 * wait on Redis; while it is unreachable, invalidations still reach the replica that made the change, and the others
 * fall back to the 30-second age limit.
 */
export function createPublicDashboardsCache(deps: {
  db: Database;
  redis: Redis;
  prefix: string;
  logger: Logger;
}): PublicDashboardsCache {
  const channel = `${deps.prefix}:${CHANNEL_SUFFIX}`;
  let body: { value: Promise<string>; at: number } | null = null;
  const drop = () => {
    body = null;
  };
  const subscriber = deps.redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
  subscriber.on('error', (error) => deps.logger.debug({ err: error }, 'cache subscriber error'));
  subscriber.on('message', (received) => {
    if (received === channel) drop();
  });
  // After a reconnection, messages sent meanwhile are lost: start afresh.
  subscriber.on('ready', drop);
  void subscriber.subscribe(channel).catch(() => {});

  return {
    get() {
      if (!body || Date.now() - body.at > MAX_AGE_MS) {
        const value = listPublicDashboards(deps.db).then((rows) => JSON.stringify(rows));
        body = { value, at: Date.now() };
        value.catch(drop);
      }
      return body.value;
    },
    async invalidate() {
      drop();
      await deps.redis.publish(channel, '1').catch((error) => {
        deps.logger.warn({ err: error }, 'could not tell other replicas to refresh the public dashboards');
      });
    },
    async close() {
      subscriber.disconnect();
    },
  };
}
