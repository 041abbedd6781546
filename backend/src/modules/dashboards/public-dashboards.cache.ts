import type { Database } from '@app/db';
import type { Logger } from '@app/platform/logger';
import type { Redis } from 'ioredis';
import { listPublicDashboards } from './dashboards.repository';

/** The public sample list, already serialized to UTF-8 JSON: the most requested answer of the site. */
export interface PublicDashboardsCache {
  /** The JSON body of GET /api/dashboards/public. */
  get(): Promise<Uint8Array<ArrayBuffer>>;
  /** The body when it is cached and fresh, without waiting for anything; else null (then use `get`). */
  peek(): Uint8Array<ArrayBuffer> | null;
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
  let body: { value: Promise<Uint8Array<ArrayBuffer>>; ready: Uint8Array<ArrayBuffer> | null; at: number } | null =
    null;
  const encoder = new TextEncoder();
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
        const entry: NonNullable<typeof body> = {
          value: listPublicDashboards(deps.db).then((rows) => {
            const bytes = encoder.encode(JSON.stringify(rows));
            entry.ready = bytes;
            return bytes;
          }),
          ready: null,
          at: Date.now(),
        };
        body = entry;
        entry.value.catch(() => {
          if (body === entry) drop();
        });
      }
      return body.value;
    },
    peek() {
      return body?.ready && Date.now() - body.at <= MAX_AGE_MS ? body.ready : null;
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
