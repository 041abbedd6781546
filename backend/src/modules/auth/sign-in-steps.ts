import { generateToken, hashToken, type User } from '@app/contracts/server';
import type { Database } from '@app/db';
import type { signInEvents } from '@app/db/schema';
import type { AuthDeps } from './auth.deps';
import * as repo from './auth.repository';
import { recordSignIn } from './sign-in-events.repository';
import * as twoFactor from './two-factor.repository';

/** Who asks: the address its proxies vouch for (D8) and the browser it says it is. */
export interface RequestInfo {
  ip: string;
  userAgent: string | null;
  requestId?: string;
}

type SignInMethod = (typeof signInEvents.$inferInsert)['method'];

/** How one attempt ended, for the sign-in audit (issue 17). */
export interface SignInOutcome {
  result: 'success' | 'failure';
  reason?: string;
  userId?: number | null;
}

/** Text as PostgreSQL can store it: no NUL, no lone surrogate (what an attacker types is recorded, not refused). */
const storable = (text: string, max: number) =>
  text
    .slice(0, max)
    .replace(/\0/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** Records one sign-in attempt with the address as typed, the request's address and browser; never a secret. */
export async function recordAttempt(
  deps: Pick<AuthDeps, 'db'>,
  email: string,
  method: SignInMethod,
  info: RequestInfo,
  outcome: SignInOutcome,
): Promise<void> {
  await recordSignIn(deps.db, {
    email: storable(email, 254),
    method,
    result: outcome.result,
    reason: outcome.reason ?? null,
    userId: outcome.userId ?? null,
    ipAddress: info.ip,
    userAgent: info.userAgent === null ? null : storable(info.userAgent, 300),
  });
}

/** A pending sign-in lives 5 minutes (issue 17). */
export const PENDING_SIGN_IN_MS = 5 * 60_000;

/** The password was right and the account has a second factor: a pending sign-in, its token for the cookie. */
export async function startPendingSignIn(deps: Pick<AuthDeps, 'db' | 'clock'>, userId: number) {
  const token = generateToken();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + PENDING_SIGN_IN_MS);
  await twoFactor.insertPendingSignIn(deps.db, { id: hashToken(token), userId, expiresAt });
  // Old ones are of no use: swept here, where they are made, rather than by a job.
  await twoFactor.deleteStalePendingSignIns(deps.db, new Date(now.getTime() - 24 * 3600_000));
  return { token, expiresAt };
}

/** Whether every administrator must sign in with a second factor (the administrators' setting, issue 17). */
export async function adminTwoFactorRequired(db: Database): Promise<boolean> {
  return (await twoFactor.readSetting(db, twoFactor.REQUIRE_ADMIN_TWO_FACTOR)) === true;
}

/** The signed-in person as they see themselves: with their two-factor state (issue 17). */
export async function ownView(db: Database, user: repo.UserRow): Promise<User> {
  const view = await repo.currentUserView(db, user);
  const enabled = await repo.hasTwoFactor(db, user.id);
  const enrolmentRequired = user.isAdmin && !enabled && (await adminTwoFactorRequired(db));
  return { ...view, twoFactor: { enabled, enrolmentRequired } };
}
