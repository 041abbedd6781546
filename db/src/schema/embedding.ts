import { jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/**
 * A provider account the server mints embed tokens with (issue 14, decision 030): a Power BI service principal, a
 * Tableau connected app or a Metabase site. `settings` holds the fields that are not secret (tenant id, client id,
 * site URL, ...); `secret` the secret ones, encrypted with AES-256-GCM under APP_ENCRYPTION_KEY (`platform/src/secret-box.ts`),
 * never returned by any route.
 */
export const embedConnections = pgTable(
  'embed_connections',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    /** 'powerbi' | 'tableau' | 'metabase' */
    provider: text().notNull(),
    settings: jsonb().$type<Record<string, string>>().notNull(),
    /** The sealed JSON of the secret fields (`v1.` + base64url of nonce, ciphertext and tag). */
    secret: text().notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('embed_connections_name_idx').on(t.name)],
);
