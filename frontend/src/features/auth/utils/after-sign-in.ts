import type { User } from '@app/contracts';
import { safeRedirectPath } from '../../../lib/safe-redirect';

/** Where an administrator who must set up two-factor sign-in goes before anything else (issue 17, issue 26). */
export const ENROL_PATH = '/account/two-factor';

/** Whether this page is one such an administrator may not see yet: every page but the set-up's. */
export const mustEnrolFirst = (user: Pick<User, 'twoFactor'> | null | undefined, pathname: string) =>
  user?.twoFactor?.enrolmentRequired === true && pathname !== ENROL_PATH;

/** Where a client goes after signing in when no return address was asked for. */
export const CLIENT_HOME = '/client/dashboard';

/** Where an administrator goes after signing in when no return address was asked for: the overview (issue 27). */
const ADMIN_HOME = '/admin';

/**
 * Where /login sends someone who signed in (or who is signed in already): the return address asked for when it is a
 * path of this site (the one rule of contracts/src/site.ts), otherwise the client portal for a client and the admin
 * overview for an administrator (issue 12 item 8, issue 27: '/' left them on a marketing page).
 */
export function afterSignInPath(user: Pick<User, 'isAdmin' | 'twoFactor'>, asked: unknown): string {
  // An administrator who must set up two-factor sign-in does that before anything else (issue 17).
  if (user.twoFactor?.enrolmentRequired) return ENROL_PATH;
  return safeRedirectPath(asked) ?? (user.isAdmin ? ADMIN_HOME : CLIENT_HOME);
}
