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
});
export type User = v.InferOutput<typeof UserSchema>;
