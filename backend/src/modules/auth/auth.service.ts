import {
  AuthMessages,
  EventTypes,
  generateToken,
  hashToken,
  type LoginResult,
  TOKEN_LIFETIMES,
  type TokenValidation,
  type User,
} from '@app/contracts/server';
import type { Database, Transaction } from '@app/db';
import { insertEvent } from '@app/platform/outbox';
import { dispatch } from '../../events/dispatch';
import { HttpError } from '../../lib/http-error';
import { Limits } from '../../lib/rate-limit';
import { deleteUserSessions, findUserByEmail } from '../users';
import type { AuthDeps } from './auth.deps';
import * as repo from './auth.repository';
import * as changes from './email-change.repository';
import {
  adminTwoFactorRequired,
  ownView,
  type RequestInfo,
  recordAttempt,
  type SignInOutcome,
  startPendingSignIn,
} from './sign-in-steps';

export type { AuthDeps } from './auth.deps';

export type { RequestInfo } from './sign-in-steps';

export const hashPassword = (password: string) => Bun.password.hash(password, { algorithm: 'argon2id' });

// Verifying against this when the e-mail is unknown makes both answers take about the same time (D4).
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => {
  dummyHash ??= hashPassword('not a real password, only for timing');
  return dummyHash;
};

/**
 * The work of checking a wrong password (one Argon2id verification against the dummy hash), spent on a second-factor
 * code too: a wrong code takes the time a wrong password takes (issue 17), whatever the code check itself costs.
 */
export async function spendPasswordCheckTime(typed: string): Promise<void> {
  await Bun.password.verify(typed, await getDummyHash());
}

/** A new session (D3): the one way every sign-in method (password, single sign-on) begins one. */
export async function createSession(deps: AuthDeps, userId: number, info: RequestInfo) {
  const token = generateToken();
  const expiresAt = new Date(deps.clock.now().getTime() + TOKEN_LIFETIMES.sessionMs);
  await repo.insertSession(deps.db, {
    id: hashToken(token),
    userId,
    expiresAt,
    ipAddress: info.ip,
    userAgent: info.userAgent?.slice(0, 300) ?? null,
  });
  return { token, expiresAt };
}

/** What a right password gives: a session, or (two-factor sign-in on) a pending sign-in that waits for the code. */
export type LoginOutcome =
  | (LoginResult & { session: { token: string; expiresAt: Date } })
  | { pendingSignIn: { token: string; expiresAt: Date } };

export async function login(
  deps: AuthDeps,
  input: { email: string; password: string },
  info: RequestInfo,
): Promise<LoginOutcome> {
  const record = (event: SignInOutcome) => recordAttempt(deps, input.email, 'password', info, event);
  const limits = [Limits.loginFailuresByEmail(input.email), Limits.loginFailuresByIp(info.ip)];
  // Counted before the password is checked (D34): parallel guesses cannot all slip under the limit. A right
  // password gives its count back, so successful sign-ins are not counted (D8).
  await deps.rateLimiter.hit(limits).catch(async (error) => {
    await record({ result: 'failure', reason: 'rate_limited' });
    throw error;
  });
  const user = await findUserByEmail(deps.db, input.email);
  const valid = await Bun.password.verify(input.password, user?.passwordHash ?? (await getDummyHash()));
  if (!user?.passwordHash || !valid) {
    await record({ result: 'failure', reason: 'invalid_credentials', userId: user?.id ?? null });
    throw new HttpError(401, AuthMessages.invalidCredentials);
  }
  await deps.rateLimiter.refund(limits);
  if (!user.isActive) {
    await record({ result: 'failure', reason: 'deactivated', userId: user.id });
    throw new HttpError(403, AuthMessages.deactivated);
  }
  if (await repo.hasTwoFactor(deps.db, user.id)) {
    // No session yet (issue 17): the password step is recorded as passed, the code is asked next.
    await record({ result: 'success', reason: 'second_factor_required', userId: user.id });
    return { pendingSignIn: await startPendingSignIn(deps, user.id) };
  }
  await record({ result: 'success', userId: user.id });
  return { ...(await finishSignIn(deps, user, info)) };
}

/** The last step of every sign-in: a session, the user's first and last sign-in noted, the user as they see it. */
export async function finishSignIn(deps: AuthDeps, user: repo.UserRow, info: RequestInfo) {
  const session = await createSession(deps, user.id, info);
  const now = deps.clock.now();
  await repo.recordLogin(deps.db, user.id, now);
  const view = await ownView(deps.db, { ...user, hasLoggedIn: true, lastLoginAt: now });
  // The return address (`redirectUrl`) is checked by the route, against the app's origin.
  return { user: view, session };
}

export interface SessionUser {
  user: repo.UserRow;
  sessionId: string;
  /** An administrator who must set up two-factor sign-in before using the administration (issue 17). */
  enrolmentRequired?: boolean;
  /** Set when the session was extended and the cookie must be sent again. */
  renewedUntil?: Date;
}

/**
 * The user behind a session token, or null. Expired sessions and sessions of deactivated users end here (D3), and a
 * session with less than 15 days left is extended to 30.
 */
export async function validateSession(deps: AuthDeps, token: string | null): Promise<SessionUser | null> {
  if (!token || token.length > 100) return null;
  const sessionId = hashToken(token);
  const row = await repo.findSessionWithUser(deps.db, sessionId);
  if (!row) return null;
  const now = deps.clock.now();
  if (row.session.expiresAt <= now) {
    await repo.deleteSession(deps.db, sessionId);
    return null;
  }
  if (!row.user.isActive) {
    await deleteUserSessions(deps.db, row.user.id);
    return null;
  }
  // Last seen (issue 17): written at most once a minute per session, so most requests write nothing.
  if (!row.session.lastSeenAt || now.getTime() - row.session.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS)
    await repo.touchSession(deps.db, sessionId, now, LAST_SEEN_EVERY_MS);
  const found: SessionUser = { user: row.user, sessionId };
  // Only an administrator without a second factor costs the settings' read.
  if (row.user.isAdmin && !row.twoFactorEnabledAt) found.enrolmentRequired = await adminTwoFactorRequired(deps.db);
  if (row.session.expiresAt.getTime() - now.getTime() < TOKEN_LIFETIMES.sessionRenewWithinMs) {
    const renewedUntil = new Date(now.getTime() + TOKEN_LIFETIMES.sessionMs);
    await repo.extendSession(deps.db, sessionId, renewedUntil);
    found.renewedUntil = renewedUntil;
  }
  return found;
}

const LAST_SEEN_EVERY_MS = 60_000;

export async function logout(deps: AuthDeps, token: string | null) {
  if (token) await repo.deleteSession(deps.db, hashToken(token));
}

export const currentUser = (deps: AuthDeps, user: repo.UserRow): Promise<User> => ownView(deps.db, user);

export { confirmEmailChange, updateProfile } from './email-change.service';

/**
 * D6 (issue 26): the same answer, in the same time, whether or not the address belongs to someone: the request does
 * no work that depends on the address. It counts the limits (D8), stores an event with the address as typed, and
 * answers; the worker looks the user up and mints the token (D7). Publishing is not waited for.
 */
export async function requestPasswordReset(
  deps: AuthDeps,
  email: string,
  info: RequestInfo,
): Promise<{ message: string }> {
  await deps.rateLimiter.hit([Limits.resetByEmail(email), Limits.resetByIp(info.ip)]);
  const event = await insertEvent(deps.db, EventTypes.passwordResetRequestedByEmail, { email }, info.requestId);
  void dispatch(deps, [event]).catch(() => {});
  return { message: AuthMessages.resetRequested };
}

const INVALID: Record<repo.TokenKind, string> = {
  registration: 'This registration link is invalid or has expired. Please ask us for a new one.',
  password_reset: 'This password reset link is invalid or has expired. Please request a new one.',
};
/** An invitation whose account is set up (issue 26): the person has a password, so they sign in. */
const INVITATION_USED =
  'This invitation has already been used: your account is set up. Please sign in with your e-mail and password.';

/** Why a token cannot be used, in words its visitor can act on. */
const invalidMessage = async (db: Database | Transaction, kind: repo.TokenKind, tokenHash: string) =>
  kind === 'registration' && (await repo.isInvitationOfSetUpAccount(db, tokenHash)) ? INVITATION_USED : INVALID[kind];

export async function validateToken(deps: AuthDeps, kind: repo.TokenKind, token: string): Promise<TokenValidation> {
  const row =
    token.length <= 200 ? await repo.findUsableToken(deps.db, hashToken(token), kind, deps.clock.now()) : null;
  if (!row?.user.isActive || (kind === 'registration' && row.user.accountSetupComplete))
    return {
      valid: false,
      message: token.length <= 200 ? await invalidMessage(deps.db, kind, hashToken(token)) : INVALID[kind],
      user: null,
    };
  return { valid: true, message: 'Token is valid', user: { email: row.user.email, firstName: row.user.firstName } };
}

/**
 * Uses a token once: sets the password, marks the account set up, retires every outstanding invitation and reset
 * token of the user and their pending e-mail changes, and ends every session of the user (D5, D6, issue 24). The
 * user's row is locked first, so parallel links (one token twice, or an invitation beside a reset) set a password
 * once: the later ones find their token used.
 */
export async function usePasswordToken(
  deps: AuthDeps,
  kind: repo.TokenKind,
  token: string,
  password: string,
): Promise<{ message: string; user: repo.UserRow }> {
  const passwordHash = await hashPassword(password);
  const tokenHash = hashToken(token);
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const found = await repo.findUsableToken(tx, tokenHash, kind, now);
    if (found) await changes.lockUser(tx, found.user.id);
    // Read again once the user is locked: a parallel use may have just retired the token.
    const row = found && (await repo.findUsableToken(tx, tokenHash, kind, now, true));
    if (!row?.user.isActive || (kind === 'registration' && row.user.accountSetupComplete))
      throw new HttpError(400, await invalidMessage(tx, kind, tokenHash));
    // The database retires the user's other links in this transaction (decision 045).
    await repo.setPassword(tx, row.user.id, passwordHash);
    await deleteUserSessions(tx, row.user.id);
    return {
      message:
        kind === 'registration'
          ? 'Your account has been set up successfully. You can now log in.'
          : 'Your password has been updated. You can now log in.',
      user: row.user,
    };
  });
}
