import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, serialId, timeOfInsert, timestamps, timestamptz } from './columns';
import { organizations } from './organizations';

export const users = pgTable(
  'users',
  {
    id: serialId(),
    email: text().notNull(),
    firstName: text(),
    lastName: text(),
    /** Argon2id hash (D4); null until the invited person completes registration. */
    passwordHash: text(),
    /**
     * When the password was last set, by any path (reset, invitation, account page, CLI): the database writes it
     * whenever password_hash changes (migration 0024, decision 045), so no path can forget it. Null: never set, or
     * set before it was recorded.
     */
    passwordChangedAt: timestamptz(),
    isAdmin: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    hasLoggedIn: boolean().notNull().default(false),
    accountSetupComplete: boolean().notNull().default(false),
    lastLoginAt: timestamptz(),
    /** The Google account Looker Studio reports are shared with (issue 28); null: their e-mail. Lower-case. */
    googleAccount: text(),
    ...timestamps(),
  },
  // E-mail addresses are unique compared case-insensitively (D4).
  (t) => [uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`)],
);

/** How a row names a person (first and last name, else the e-mail): selected together wherever a list shows who. */
export const personNameColumns = { firstName: users.firstName, lastName: users.lastName, email: users.email };

export const memberships = pgTable(
  'memberships',
  {
    organizationId: belongsTo(() => organizations.id),
    userId: belongsTo(() => users.id),
    role: text().notNull().default('Member'),
    createdAt: timeOfInsert(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);
