import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, extensionOf, mentions, requestOrigin, serialId, timeOfInsert, timestamptz } from './columns';
import { users } from './users';

/**
 * A row a browser's cookie names (a session, a sign-in waiting for its second factor): the id is the SHA-256 of the
 * cookie's token, never the token itself; whose it is, and until when it holds.
 */
const cookieTokenRow = () => ({
  id: text().primaryKey(),
  userId: belongsTo(() => users.id),
  expiresAt: timestamptz().notNull(),
});

/** Signed-in sessions (D3), named by the cookie's token. */
export const sessions = pgTable(
  'sessions',
  {
    ...cookieTokenRow(),
    createdAt: timeOfInsert(),
    ...requestOrigin(),
    /**
     * The id the account page shows and ends a session by (issue 17): random, so it tells nothing of the token and
     * cannot be guessed; the primary key (the token's hash) never leaves the server.
     */
    publicId: text().notNull().default(sql`gen_random_uuid()::text`),
    /** When the session was last used, written at most once a minute per session (issue 17). */
    lastSeenAt: timestamptz(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), uniqueIndex('sessions_public_id_unique').on(t.publicId)],
);

/**
 * A person's authenticator app (issue 17): the TOTP key sealed with APP_ENCRYPTION_KEY (decision 035), never shown
 * again after enrolment. `enabledAt` is null while the person has not yet confirmed a code (enrolment under way).
 * `lastUsedStep` is the 30-second step of the last code accepted: a code of that step or an earlier one is refused,
 * so an overheard code cannot be used again.
 */
export const twoFactorCredentials = pgTable('two_factor_credentials', {
  userId: extensionOf(() => users.id),
  sealedKey: text().notNull(),
  enabledAt: timestamptz(),
  lastUsedStep: bigint({ mode: 'number' }),
  createdAt: timeOfInsert(),
});

/** Ten one-time recovery codes per person with two-factor sign-in: only their SHA-256 is kept; each works once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serialId(),
    userId: belongsTo(() => users.id),
    codeHash: text().notNull(),
    usedAt: timestamptz(),
    createdAt: timeOfInsert(),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_unique').on(t.userId, t.codeHash)],
);

/**
 * A sign-in waiting for its second factor: the right password was given, no session yet. The id is the SHA-256 of
 * the token in the browser's HttpOnly cookie; valid 5 minutes, used once (`usedAt`).
 */
export const pendingSignIns = pgTable(
  'pending_sign_ins',
  {
    ...cookieTokenRow(),
    usedAt: timestamptz(),
    createdAt: timeOfInsert(),
  },
  (t) => [index('pending_sign_ins_user_idx').on(t.userId)],
);

/** Settings of the whole application that administrators change (issue 17), one row per key. */
export const appSettings = pgTable('app_settings', {
  key: text().primaryKey(),
  value: jsonb().$type<unknown>().notNull(),
  updatedAt: timeOfInsert(),
  updatedBy: mentions(() => users.id),
});

/** Invitation (registration) and password-reset tokens (D5, D6): hashed, single-use, newest only. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serialId(),
    userId: belongsTo(() => users.id),
    kind: text({ enum: ['registration', 'password_reset'] }).notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamptz().notNull(),
    createdAt: timeOfInsert(),
    /** Set when the token is used or replaced by a newer one. */
    usedAt: timestamptz(),
  },
  (t) => [
    uniqueIndex('user_tokens_hash_unique').on(t.tokenHash),
    index('user_tokens_user_kind_idx').on(t.userId, t.kind),
  ],
);

/**
 * Requests to change a user's e-mail address (issue 12): the address changes only when the link sent to the new
 * address is opened. The worker mints the token (D7) and stores only its SHA-256 here; valid 24 hours, single use,
 * newest only (a newer request retires the older ones).
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: serialId(),
    userId: belongsTo(() => users.id),
    /** The address as typed by the user. */
    newEmail: text().notNull(),
    /** Null until the worker has sent the link. */
    tokenHash: text(),
    expiresAt: timestamptz(),
    createdAt: timeOfInsert(),
    /** Set when the link is used, or the request replaced by a newer one or cancelled by a password reset. */
    usedAt: timestamptz(),
    /** Set when the change took effect: the address the user had before, which is told of the change. */
    confirmedAt: timestamptz(),
    previousEmail: text(),
  },
  (t) => [uniqueIndex('email_changes_token_hash_unique').on(t.tokenHash), index('email_changes_user_idx').on(t.userId)],
);

/**
 * Every sign-in attempt (issue 17): by password, single sign-on or second factor, successful or not, listed for
 * administrators. `email` is the address as given (a failed attempt may name no user); never a password or a code.
 */
export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: serialId(),
    userId: mentions(() => users.id),
    email: text().notNull(),
    method: text({ enum: ['password', 'sso', 'totp', 'recovery_code'] }).notNull(),
    result: text({ enum: ['success', 'failure'] }).notNull(),
    /** Why a failure failed, in a word the admin list can show ('invalid_credentials', 'deactivated', 'rate_limited', ...). */
    reason: text(),
    /** The organization whose identity provider was used, for single sign-on. */
    organizationId: integer(),
    ...requestOrigin(),
    createdAt: timeOfInsert(),
  },
  (t) => [
    index('sign_in_events_created_idx').on(t.createdAt),
    index('sign_in_events_user_idx').on(t.userId, t.createdAt),
    index('sign_in_events_email_idx').on(t.email, t.createdAt),
  ],
);
