import type { User } from '@app/contracts';
import { safeRedirectPath } from '../../../lib/safe-redirect';

/** Where a client goes after signing in when no return address was asked for. */
export const CLIENT_HOME = '/client/dashboard';

/**
 * Where /login sends someone who signed in (or who is signed in already): the return address asked for when it is a
 * path of this site (the one rule of contracts/src/site.ts), otherwise the client portal for a client and home for an
 * administrator (issue 12 item 8; D1's '/' left clients on a marketing page).
 */
export function afterSignInPath(user: Pick<User, 'isAdmin'>, asked: unknown): string {
  return safeRedirectPath(asked) ?? (user.isAdmin ? '/' : CLIENT_HOME);
}
