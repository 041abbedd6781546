import { hashToken, SecurityMessages, type SessionInfo } from '@app/contracts/server';
import { HttpError } from '../../lib/http-error';
import { Limits } from '../../lib/rate-limit';
import { describeUserAgent } from '../../lib/user-agent';
import { insertAudit } from '../audit';
import type { AuthDeps } from './auth.deps';
import * as repo from './auth.repository';
import { hashPassword } from './auth.service';

/**
 * The person's own sessions and password (issue 17): the account page lists where they are signed in, ends one or
 * all the others, and changes the password (which ends the others).
 */

/**
 * An approximate place without asking any service (decision 035): this computer, the local network, or the address
 * itself. A look-up of the address's city would send every address to a third party.
 */
export function placeOf(ip: string | null): string {
  if (!ip || ip === 'unknown') return 'Unknown';
  const address = ip.replace(/^::ffff:/, '');
  if (address === '::1' || address.startsWith('127.')) return 'This computer';
  if (
    /^10\./.test(address) ||
    /^192\.168\./.test(address) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(address) ||
    /^169\.254\./.test(address) ||
    /^f[cd][0-9a-f]{2}:/i.test(address) ||
    /^fe80:/i.test(address)
  )
    return 'Local network';
  return address;
}

export async function listSessions(deps: AuthDeps, userId: number, currentToken: string): Promise<SessionInfo[]> {
  const current = hashToken(currentToken);
  const rows = await repo.listUserSessions(deps.db, userId, deps.clock.now());
  return rows
    .map((row) => ({
      id: row.publicId,
      ...describeUserAgent(row.userAgent),
      place: placeOf(row.ipAddress),
      ipAddress: row.ipAddress,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: (row.lastSeenAt ?? row.createdAt).toISOString(),
      current: row.id === current,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
}

/** Ends one session of the person; true when it was the caller's own (the route then clears its cookie). */
export async function endSession(deps: AuthDeps, userId: number, publicId: string, currentToken: string) {
  const ended = await repo.deleteSessionByPublicId(deps.db, userId, publicId);
  if (!ended) throw new HttpError(404, SecurityMessages.sessionNotFound);
  return ended === hashToken(currentToken);
}

export async function endOtherSessions(deps: AuthDeps, userId: number, currentToken: string) {
  return { ended: await repo.deleteOtherSessions(deps.db, userId, hashToken(currentToken)) };
}

/**
 * The account page's password change: the current password (a stolen session alone cannot change it; wrong guesses
 * limited per person), D4's rules for the new one; every other session ends, this one stays; every invitation, reset
 * and e-mail-change link still waiting stops working (the database does it, decision 045). Audited.
 */
export async function changePassword(
  deps: AuthDeps,
  user: repo.UserRow,
  currentToken: string,
  input: { currentPassword: string; newPassword: string },
) {
  const limits = [Limits.passwordChangeByUser(user.id)];
  await deps.rateLimiter.hit(limits);
  if (!user.passwordHash || !(await Bun.password.verify(input.currentPassword, user.passwordHash)))
    throw new HttpError(400, SecurityMessages.currentPasswordWrong, [
      { path: 'currentPassword', message: SecurityMessages.currentPasswordWrong },
    ]);
  await deps.rateLimiter.refund(limits);
  const passwordHash = await hashPassword(input.newPassword);
  const ended = await deps.db.transaction(async (tx) => {
    const changed = await repo.changePassword(
      tx,
      user.id,
      { from: user.passwordHash!, to: passwordHash },
      deps.clock.now(),
    );
    // A reset link was used since the current password was checked: that password is no longer the current one.
    if (!changed)
      throw new HttpError(400, SecurityMessages.currentPasswordWrong, [
        { path: 'currentPassword', message: SecurityMessages.currentPasswordWrong },
      ]);
    const count = await repo.deleteOtherSessions(tx, user.id, hashToken(currentToken));
    await insertAudit(tx, {
      actorId: user.id,
      actorEmail: user.email,
      action: 'account.password-change',
      targetType: 'user',
      targetId: user.id,
      targetName: user.email,
      changes: { sessionsEnded: count },
    });
    return count;
  });
  return { message: SecurityMessages.passwordChanged, ended };
}
