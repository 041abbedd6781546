import * as v from 'valibot';

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
  createdAt: v.string(),
  organizations: v.array(v.object({ id: v.number(), name: v.string() })),
  /** The Google account Looker Studio reports are shared with (issue 28); null: their e-mail. */
  googleAccount: v.nullable(v.string()),
  /**
   * Only on the signed-in person's own view (`GET /api/auth/user`, issue 17): whether they sign in with a second
   * factor, and whether they must set one up before using the administration.
   */
  twoFactor: v.optional(v.object({ enabled: v.boolean(), enrolmentRequired: v.boolean() })),
});
export type User = v.InferOutput<typeof UserSchema>;
