import { AuthMessages, hashToken, type LoginResult, SecurityMessages } from '@app/contracts/server';
import type { Transaction } from '@app/db';
import { HttpError } from '../../lib/http-error';
import { Limits } from '../../lib/rate-limit';
import { findUserById } from '../users';
import type { AuthDeps } from './auth.deps';
import { finishSignIn, spendPasswordCheckTime } from './auth.service';
import { type RequestInfo, recordAttempt } from './sign-in-steps';
import { isTotpCode, normalizeCode } from './totp';
import * as repo from './two-factor.repository';
import { type CodeMethod, useCode } from './two-factor.service';

/** Thrown inside the transaction to undo it (the pending sign-in stays usable) when the code is wrong. */
class WrongCode extends Error {}

const expired = () => new HttpError(401, SecurityMessages.pendingExpired);

/**
 * POST /api/auth/login/second-factor (issue 17, decision 035): the pending sign-in of the cookie, finished with a
 * code of the person's app or a recovery code. Five codes per pending sign-in and ten failures per person in 15
 * minutes (counted before the check, D34); the pending sign-in is used once, whatever the number of parallel tries.
 * Every wrong code (wrong, used before, of a used step, a spent recovery code) gets one answer: a wrong password's, in
 * a wrong password's time.
 */
export async function completeSecondFactor(
  deps: AuthDeps,
  pendingToken: string | null,
  typed: string,
  info: RequestInfo,
): Promise<LoginResult & { session: { token: string; expiresAt: Date } }> {
  if (!pendingToken || pendingToken.length > 100) throw expired();
  const pendingId = hashToken(pendingToken);
  await deps.rateLimiter.hit([Limits.secondFactorByPending(pendingId)]);
  const pending = await repo.findPendingSignIn(deps.db, pendingId, deps.clock.now());
  const user = pending && (await findUserById(deps.db, pending.userId));
  const credential = user && (await repo.findCredential(deps.db, user.id));
  if (!user || !credential?.enabledAt) throw expired();

  const method: CodeMethod = isTotpCode(normalizeCode(typed)) ? 'totp' : 'recovery_code';
  const record = (outcome: { result: 'success' | 'failure'; reason?: string }) =>
    recordAttempt(deps, user.email, method, info, { ...outcome, userId: user.id });
  const limits = [Limits.secondFactorByUser(user.id), Limits.loginFailuresByIp(info.ip)];
  await deps.rateLimiter.hit(limits).catch(async (error) => {
    await record({ result: 'failure', reason: 'rate_limited' });
    throw error;
  });
  if (!user.isActive) {
    await record({ result: 'failure', reason: 'deactivated' });
    throw new HttpError(403, AuthMessages.deactivated);
  }

  // Every code costs what a password check costs, so a wrong code and a wrong password take the same time.
  await spendPasswordCheckTime(typed);
  const outcome = await deps.db
    .transaction(async (tx: Transaction) => {
      // Used first: a parallel try of the same cookie waits on this row, then finds it used.
      if (!(await repo.claimPendingSignIn(tx, pendingId, deps.clock.now()))) return 'expired' as const;
      if (!(await useCode(deps, tx, credential, typed)).ok) throw new WrongCode();
      return 'ok' as const;
    })
    .catch((error) => {
      if (error instanceof WrongCode) return 'wrong' as const;
      throw error;
    });
  if (outcome === 'expired') throw expired();
  if (outcome === 'wrong') {
    await record({ result: 'failure', reason: 'invalid_code' });
    // The same answer as a wrong password (issue 17): the sign-in form tells the person what it means at this step.
    throw new HttpError(401, AuthMessages.invalidCredentials);
  }
  await deps.rateLimiter.refund(limits);
  await record({ result: 'success' });
  return finishSignIn(deps, user, info);
}
