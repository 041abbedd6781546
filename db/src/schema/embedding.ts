import { boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, timestamps, timestamptz, uses } from './columns';

/**
 * A provider account the server mints embed tokens with (issue 14, decision 030): a Power BI service principal, a
 * Tableau connected app or a Metabase site. `settings` holds the fields that are not secret (tenant id, client id,
 * site URL, ...); `secret` the secret ones, encrypted with AES-256-GCM under APP_ENCRYPTION_KEY (`platform/src/secret-box.ts`),
 * never returned by any route.
 */
export const embedConnections = pgTable(
  'embed_connections',
  {
    id: serialId(),
    name: text().notNull(),
    /** 'powerbi' | 'tableau' | 'metabase' */
    provider: text().notNull(),
    settings: jsonb().$type<Record<string, string>>().notNull(),
    /** The sealed JSON of the secret fields (`v1.` + base64url of nonce, ciphertext and tag). */
    secret: text().notNull(),
    /** Looker Studio: what the last reconcile of its dashboards' sharing did and found (issue 28). */
    lastSync: jsonb().$type<{ at: string; added: number; removed: number; unexpected: number; error: string | null }>(),
    /** What the last "Test connection" (or the test after a save) found, and when (issue 27): null until tested. */
    lastCheck: jsonb().$type<{ ok: boolean; message: string; checkedAt: string }>(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('embed_connections_name_idx').on(t.name)],
);

/**
 * The sharing of one Looker Studio report (issue 28, D36), per connection and report: which VIEWER members the portal
 * granted (so it knows what to take back, with when), whether link sharing is known off, and whether its members are
 * in step with the organizations linked to the dashboards showing it. Kept after its dashboard is deleted or switched
 * to another mode until everything the portal granted is revoked: a failed revoke stays 'failing' and visible.
 */
export const lookerSharing = pgTable(
  'looker_sharing',
  {
    id: serialId(),
    connectionId: uses(() => embedConnections.id).notNull(),
    assetName: text().notNull(),
    /** 'in-step' | 'pending' | 'failing' */
    state: text().notNull().default('pending'),
    /**
     * The VIEWER members the portal granted, each by a digest of the member (`memberKey` of `user:a@b.com`), never the
     * address, with when it was granted (ISO) or null when it was already shared.
     */
    granted: jsonb().$type<Record<string, string | null>>().notNull().default({}),
    linkSharingOff: boolean().notNull().default(false),
    lastSyncedAt: timestamptz(),
    error: text(),
    /** Since when its members have not been known to be in step (null while they are): the alert's age. */
    outOfStepSince: timestamptz(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('looker_sharing_asset_idx').on(t.connectionId, t.assetName),
    index('looker_sharing_state_idx').on(t.state),
  ],
);
