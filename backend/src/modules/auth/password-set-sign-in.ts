import type { User } from '@app/contracts';
import type { AuthDeps } from './auth.deps';
import * as repo from './auth.repository';
import { finishSignIn } from './auth.service';
import { type RequestInfo, recordAttempt, startPendingSignIn } from './sign-in-steps';

/** What a password set with an e-mailed link leads to (issue 26). */
export type PasswordSetOutcome =
  | { signedIn: true; message: string; user: User; session: { token: string; expiresAt: Date } }
  | { signedIn: false; message: string }
  | { pendingSignIn: { token: string; expiresAt: Date } };

/**
 * After an invitation or a reset link has set the password (issue 26): the person has just proven the address and
 * chosen the password, so they are signed in as a right password would sign them in, and land where they were going
 * rather than on an empty sign-in page. Someone with two-factor sign-in still gives the code next (a pending sign-in,
 * as after a password); an administrator is not signed in here at all: they sign in on the sign-in page, where the
 * administration's second-factor rule (decision 035) applies. Recorded in the sign-in audit like any sign-in.
 */
export async function signInAfterPasswordSet(
  deps: AuthDeps,
  kind: repo.TokenKind,
  user: repo.UserRow,
  message: string,
  info: RequestInfo,
): Promise<PasswordSetOutcome> {
  const reason = kind === 'registration' ? 'registration_completed' : 'password_reset';
  if (await repo.hasTwoFactor(deps.db, user.id)) {
    await recordAttempt(deps, user.email, 'password', info, {
      result: 'success',
      reason: `${reason}_second_factor_required`,
      userId: user.id,
    });
    return { pendingSignIn: await startPendingSignIn(deps, user.id) };
  }
  if (user.isAdmin) return { signedIn: false, message };
  await recordAttempt(deps, user.email, 'password', info, { result: 'success', reason, userId: user.id });
  const { user: view, session } = await finishSignIn(deps, { ...user, accountSetupComplete: true }, info);
  const done = kind === 'registration' ? 'Your account has been set up.' : 'Your password has been updated.';
  return { signedIn: true, message: `${done} You are signed in.`, user: view, session };
}
