import type { Database } from '@app/db';
import type { Logger } from '@app/platform/logger';
import type { SecretBox } from '@app/platform/secret-box';
import type { Redis } from 'ioredis';
import type postgres from 'postgres';
import type { ApiConfig } from './env';
import type { EventPublisher } from './events/publisher';
import type { Clock } from './lib/clock';
import type { RateLimiter } from './lib/rate-limit';

/**
 * Everything the API's modules may depend on. Each module takes only the part it uses (`Pick<AppDeps, ...>`), so a
 * module says what it needs and a test can see it.
 */
export interface AppDeps {
  config: ApiConfig;
  db: Database;
  sql: postgres.Sql;
  redis: Redis;
  publisher: EventPublisher;
  clock: Clock;
  logger: Logger;
  rateLimiter: RateLimiter;
  publicDashboards: PublicDashboardsCache;
  /** Seals and opens the secrets of embed connections (APP_ENCRYPTION_KEY); null when no key is configured. */
  secretBox: SecretBox | null;
  /** The embed connections' sites, framed by the pages (decision 030); refreshed after a connection changes. */
  embedOrigins: EmbedOrigins;
}

/** The public sample list, already serialized to UTF-8 JSON: the most requested answer of the site. */
export interface PublicDashboardsCache {
  /** The JSON body of GET /api/dashboards/public. */
  get(): Promise<Uint8Array<ArrayBuffer>>;
  /** The body when it is cached and recent enough, without waiting for anything; else null (then use `get`). */
  peek(): Uint8Array<ArrayBuffer> | null;
  /** Forget the list in this process (after an admin changes a dashboard here): its next answer reads it afresh. */
  invalidate(): void;
}

/**
 * The origins of the embed connections' sites, for the pages' Content Security Policy (`frame-src`): a Tableau Server
 * or Metabase the consultancy hosts itself is framed as soon as an admin adds its connection, without EMBED_HOSTS
 * (decision 030). Kept in each API process; read afresh at most every `ttlMs` (another replica's change shows within
 * that), at once after a change made here (`refresh`). `current()` never waits: it returns the same array until the
 * origins change, so the SPA's policy cache keeps its pages.
 */
export interface EmbedOrigins {
  current(): readonly string[];
  refresh(): Promise<void>;
}
