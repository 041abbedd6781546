import type { User } from '@app/contracts';
import type { Database, Transaction } from '@app/db';
import { updateEdited } from '@app/db/queries/edited-rows';
import { outstandingTokens } from '@app/db/queries/users';
import * as schema from '@app/db/schema';
import { and, asc, eq, gt, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import { userView } from '../users';

const { users, sessions, userTokens, memberships, organizations, twoFactorCredentials } = schema;

export type UserRow = typeof users.$inferSelect;

/** The user as the API shows them: never the password hash. */
export async function currentUserView(db: Database, user: UserRow): Promise<User> {
  const orgs = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, user.id))
    .orderBy(asc(organizations.name));
  return userView(user, orgs);
}

export async function recordLogin(db: Database, userId: number, at: Date) {
  await db.update(users).set({ hasLoggedIn: true, lastLoginAt: at }).where(eq(users.id, userId));
}

export async function updateProfile(
  db: Database,
  userId: number,
  values: { firstName: string; lastName: string; email: string },
) {
  return updateEdited(db, users, userId, values);
}

export async function updateNames(
  tx: Transaction,
  userId: number,
  values: { firstName: string; lastName: string },
  at: Date,
) {
  const [row] = await tx
    .update(users)
    .set({ ...values, updatedAt: at })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}

// Sessions (D3)

export async function insertSession(
  db: Database,
  values: { id: string; userId: number; expiresAt: Date; ipAddress: string | null; userAgent: string | null },
) {
  await db.insert(sessions).values(values);
}

/** The session with its user, and whether that user signs in with a second factor (one query on the hot path). */
export async function findSessionWithUser(db: Database, sessionId: string) {
  const [row] = await db
    .select({ session: sessions, user: users, twoFactorEnabledAt: twoFactorCredentials.enabledAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(twoFactorCredentials, eq(twoFactorCredentials.userId, users.id))
    .where(eq(sessions.id, sessionId));
  return row ?? null;
}

/** Whether the person has two-factor sign-in on. */
export async function hasTwoFactor(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoFactorCredentials.userId })
    .from(twoFactorCredentials)
    .where(and(eq(twoFactorCredentials.userId, userId), isNotNull(twoFactorCredentials.enabledAt)));
  return row !== undefined;
}

/** Notes that the session was used, at most once per `everyMs`: the condition makes a second write a no-op. */
export async function touchSession(db: Database, sessionId: string, now: Date, everyMs: number) {
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(sessions.id, sessionId),
        or(isNull(sessions.lastSeenAt), lt(sessions.lastSeenAt, new Date(now.getTime() - everyMs))),
      ),
    );
}

/** The person's live sessions, most recently used first. */
export async function listUserSessions(db: Database, userId: number, now: Date) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(asc(sessions.createdAt));
}

/** Ends one session of the person, named by its public id; false when there is none (or not theirs). */
export async function deleteSessionByPublicId(db: Database, userId: number, publicId: string) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ id: sessions.id });
  return rows[0]?.id ?? null;
}

/** Ends every session of the person but `keep`; how many ended. */
export async function deleteOtherSessions(db: Database | Transaction, userId: number, keep: string) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keep)))
    .returning({ id: sessions.id });
  return rows.length;
}

export async function extendSession(db: Database, sessionId: string, expiresAt: Date) {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: Database, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

// Registration and reset tokens (D5, D6)

export type TokenKind = 'registration' | 'password_reset';

/** The token row with its user when the token is unused and unexpired; locks it inside a transaction. */
export async function findUsableToken(
  db: Database | Transaction,
  tokenHash: string,
  kind: TokenKind,
  now: Date,
  lock = false,
) {
  const query = db
    .select({ token: userTokens, user: users })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(outstandingTokens(kind, eq(userTokens.tokenHash, tokenHash), gt(userTokens.expiresAt, now)));
  const [row] = lock ? await query.for('update', { of: userTokens }) : await query;
  return row ?? null;
}

/**
 * Whether a spent invitation is the one that set the account up: the token's user is active and set up. Such a link
 * was used (or replaced once the account existed), so its visitor is told to sign in instead of to ask for a new one.
 */
export async function isInvitationOfSetUpAccount(db: Database | Transaction, tokenHash: string) {
  const [row] = await db
    .select({ id: userTokens.id })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(
      and(
        eq(userTokens.tokenHash, tokenHash),
        eq(userTokens.kind, 'registration'),
        eq(users.isActive, true),
        eq(users.accountSetupComplete, true),
      ),
    );
  return row !== undefined;
}

/**
 * The new password of a person who gave their current one (the account page), only if the password is still the one
 * they gave: a reset link used meanwhile wins, and the change is refused rather than undoing it. False when refused.
 * The database retires the person's outstanding links in the same transaction (decision 045).
 */
export async function changePassword(
  tx: Transaction,
  userId: number,
  change: { from: string; to: string },
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ passwordHash: change.to, updatedAt: at })
    .where(and(eq(users.id, userId), eq(users.passwordHash, change.from)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Setting a password by any route marks the account set up (issue 24): an invitation link cannot take it over. The
 * database retires the person's outstanding links in the same transaction (decision 045).
 */
export async function setPassword(tx: Transaction, userId: number, passwordHash: string) {
  await tx
    .update(users)
    .set({ passwordHash, updatedAt: new Date(), accountSetupComplete: true })
    .where(eq(users.id, userId));
}

/** The Google account Looker Studio reports are shared with (issue 28); null: the e-mail. */
export async function setGoogleAccount(db: Database | Transaction, userId: number, googleAccount: string | null) {
  await db.update(users).set({ googleAccount, updatedAt: new Date() }).where(eq(users.id, userId));
}
