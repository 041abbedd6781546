import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, extensionOf, timeOfInsert, timestamps, timestamptz } from './columns';
import { organizations } from './organizations';

/**
 * An organization's own identity provider (issue 17, decision 034): OpenID Connect with the authorization code flow.
 * `clientSecret` is sealed (AES-256-GCM under APP_ENCRYPTION_KEY, context `organization-sso:${organizationId}`) and
 * never returned by any route.
 */
export const organizationSso = pgTable('organization_sso', {
  organizationId: extensionOf(() => organizations.id),
  /** Compared exactly with the discovery document's `issuer` and the ID token's `iss`. */
  issuer: text().notNull(),
  clientId: text().notNull(),
  /** `v1.` + base64url of nonce, ciphertext and tag. */
  clientSecret: text().notNull(),
  /** A verified person of the organization's domains without an account gets one (as a member) at first sign-in. */
  allowAccountCreation: boolean().notNull().default(false),
  ...timestamps(),
});

/** The e-mail domains an organization's identity provider speaks for: one domain, one organization (lower case). */
export const organizationSsoDomains = pgTable(
  'organization_sso_domains',
  {
    domain: text().primaryKey(),
    organizationId: belongsTo(() => organizations.id),
    createdAt: timeOfInsert(),
  },
  (t) => [index('organization_sso_domains_org_idx').on(t.organizationId)],
);

/**
 * Sign-ins under way at an identity provider (issue 17): single-use, valid 10 minutes. The id is the SHA-256 of the
 * `state` sent to the provider; `browserHash` the SHA-256 of the value in the starting browser's HttpOnly cookie (which
 * is also the PKCE code verifier, so the verifier is never stored). A null organization is the global provider of
 * OIDC_ISSUER (D2).
 */
export const ssoStates = pgTable(
  'sso_states',
  {
    id: text().primaryKey(),
    browserHash: text().notNull(),
    organizationId: integer().references(() => organizations.id, { onDelete: 'cascade' }),
    nonce: text().notNull(),
    /** A path of this site to return to (already checked by the safe-redirect rule). */
    redirect: text(),
    createdAt: timeOfInsert(),
    usedAt: timestamptz(),
  },
  (t) => [index('sso_states_created_idx').on(t.createdAt), uniqueIndex('sso_states_nonce_unique').on(t.nonce)],
);
