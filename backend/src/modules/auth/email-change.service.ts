import { AuthMessages, type EmailChangePending, EventTypes, hashToken, type User } from '@app/contracts/server';
import { insertEvent } from '@app/platform/outbox';
import { dispatch } from '../../events/dispatch';
import { isUniqueViolation } from '../../lib/db-errors';
import { HttpError, unprocessable } from '../../lib/http-error';
import type { Limit } from '../../lib/rate-limit';
import { recordPersonEvent } from '../embedding';
import { deleteUserSessions, emailTaken } from '../users';
import type { AuthDeps } from './auth.deps';
import * as repo from './auth.repository';
import * as changes from './email-change.repository';
import { ownView } from './sign-in-steps';

export type ProfileUpdate = { status: 200; body: User } | { status: 202; body: EmailChangePending };

/** Guesses of the current password through the profile form, per user: a stolen session cannot try many (issue 32). */
const profilePasswordLimit = (userId: number): Limit => ({
  key: `profile-password:user:${userId}`,
  max: 10,
  windowMs: 15 * 60_000,
});

/**
 * PUT /api/auth/profile. Names change at once. A new e-mail address (issues 12 and 32) needs the current password and
 * takes effect only when the link sent to it is opened; the answer is the same whether or not the address already has
 * an account (the worker decides what the new address receives), so it tells nobody which addresses exist.
 */
export async function updateProfile(
  deps: AuthDeps,
  user: repo.UserRow,
  input: { firstName: string; lastName: string; email: string; currentPassword?: string | undefined },
  requestId?: string,
): Promise<ProfileUpdate> {
  const { firstName, lastName } = input;
  // The same address in other letter case is the same mailbox (D4): nothing to confirm.
  if (input.email.toLowerCase() === user.email.toLowerCase()) {
    try {
      const updated = await repo.updateProfile(deps.db, user.id, { firstName, lastName, email: input.email });
      if (!updated) throw new HttpError(401, 'Authentication required');
      return { status: 200, body: await ownView(deps.db, updated) };
    } catch (error) {
      // Only a concurrent change of this very account can collide here: answer as for any change of address.
      if (isUniqueViolation(error)) throw new HttpError(409, AuthMessages.emailChangeTaken);
      throw error;
    }
  }

  if (!input.currentPassword)
    throw unprocessable(AuthMessages.currentPasswordRequired, [
      { path: 'currentPassword', message: AuthMessages.currentPasswordRequired },
    ]);
  await deps.rateLimiter.hit([profilePasswordLimit(user.id)]);
  const valid = user.passwordHash ? await Bun.password.verify(input.currentPassword, user.passwordHash) : false;
  if (!valid)
    throw new HttpError(403, AuthMessages.currentPasswordWrong, [
      { path: 'currentPassword', message: AuthMessages.currentPasswordWrong },
    ]);

  const now = deps.clock.now();
  const { updated, event } = await deps.db.transaction(async (tx) => {
    const updated = await repo.updateNames(tx, user.id, { firstName, lastName }, now);
    if (!updated) throw new HttpError(401, 'Authentication required');
    // Newest only: an earlier request's link stops working.
    await changes.retirePendingEmailChanges(tx, user.id, now);
    const change = await changes.insertEmailChange(tx, user.id, input.email);
    const event = await insertEvent(tx, EventTypes.emailChangeRequested, { emailChangeId: change.id }, requestId);
    return { updated, event };
  });
  await dispatch(deps, [event]);
  return {
    status: 202,
    body: {
      message: AuthMessages.emailChangeRequested,
      pendingEmail: input.email,
      user: await ownView(deps.db, updated),
    },
  };
}

/**
 * POST /api/auth/confirm-email-change: the link's token (hashed, 24 h, single use, newest only) changes the address.
 * Every session of the user ends, as after a password reset: whoever had a session under the old address signs in
 * again with the new one. Links still waiting in the old mailbox (invitation, reset) stop working, and the old address
 * is told (an event with ids only, D7).
 */
export async function confirmEmailChange(
  deps: AuthDeps,
  token: string,
  requestId?: string,
): Promise<{ message: string; email: string }> {
  const tokenHash = hashToken(token);
  const now = deps.clock.now();
  try {
    const { email, event } = await deps.db.transaction(async (tx) => {
      // Locked: of parallel confirmations, the first changes the address and the others find the link used.
      const row = await changes.lockEmailChangeByToken(tx, tokenHash);
      if (!row || row.change.usedAt || !row.change.expiresAt || row.change.expiresAt <= now || !row.user.isActive)
        throw new HttpError(400, AuthMessages.emailChangeInvalid);
      await changes.lockUser(tx, row.user.id);
      if (await emailTaken(tx, row.change.newEmail, row.user.id))
        throw new HttpError(409, AuthMessages.emailChangeTaken);
      // The database retires the user's other links, invitation and reset ones included, in this transaction
      // (decision 045).
      await changes.applyEmailChange(tx, row.change, row.user.email, now);
      await deleteUserSessions(tx, row.user.id);
      const event = await insertEvent(tx, EventTypes.emailChangeConfirmed, { emailChangeId: row.change.id }, requestId);
      // Their Looker Studio reports follow their new address, unless they named a Google account (issue 28).
      if (!row.user.googleAccount) await recordPersonEvent(tx, 'user.email_changed', row.user.id, requestId);
      return { email: row.change.newEmail, event };
    });
    await dispatch(deps, [event]);
    return { message: `Your email address is now ${email}. Please sign in with it.`, email };
  } catch (error) {
    // Taken between the check and the update by a parallel change of another account.
    if (isUniqueViolation(error)) throw new HttpError(409, AuthMessages.emailChangeTaken);
    throw error;
  }
}
