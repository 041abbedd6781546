import * as v from 'valibot';
import { IdNameEntries } from './common';

/**
 * A user as the API shows them: to themselves (`GET /api/auth/user`, the sign-in and the profile answers) and to
 * administrators (`/api/admin/users`). One shape for both.
 */
export const UserSchema = v.object({
  id: v.number(),
  email: v.string(),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  isAdmin: v.boolean(),
  isActive: v.boolean(),
  hasLoggedIn: v.boolean(),
  accountSetupComplete: v.boolean(),
  lastLoginAt: v.nullable(v.string()),
  /**
   * Whether the person has a password (issue 26): one who signs in only through their organization's single sign-on
   * has none, and cannot use the administration without one.
   */
  hasPassword: v.boolean(),
  /** When the password was last set, by any path; null when never, or before this was recorded. */
  passwordChangedAt: v.nullable(v.string()),
  createdAt: v.string(),
  organizations: v.array(v.object(IdNameEntries)),
  /** The Google account Looker Studio reports are shared with (issue 28); null: their e-mail. */
  googleAccount: v.nullable(v.string()),
  /**
   * Only on the signed-in person's own view (`GET /api/auth/user`, issue 17): whether they sign in with a second
   * factor, and whether they must set one up before using the administration.
   */
  twoFactor: v.optional(v.object({ enabled: v.boolean(), enrolmentRequired: v.boolean() })),
});
export type User = v.InferOutput<typeof UserSchema>;

/**
 * The answer of a change of a user's rights or details by an administrator (issue 26): the user, and whether it
 * queued an e-mail with a link to set a password (they were made an administrator and have none: they signed in
 * only through single sign-on, which administrators cannot use).
 */
export const UserChangedSchema = v.object({ ...UserSchema.entries, passwordLinkSent: v.boolean() });
export type UserChanged = v.InferOutput<typeof UserChangedSchema>;

/** A person's name as the product writes it: first and last name, or null when neither is known. */
export const personName = (person: { firstName: string | null; lastName: string | null }) =>
  [person.firstName, person.lastName].filter(Boolean).join(' ') || null;
