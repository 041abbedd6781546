import type { User } from '@app/contracts';
import type { Database, Transaction } from '@app/db';
import { outstandingTokens } from '@app/db/queries/users';
import * as schema from '@app/db/schema';
import { asc, eq, gt } from 'drizzle-orm';
import { userView } from '../users/users.repository';

const { users, sessions, userTokens, memberships, organizations } = schema;

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
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
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

export async function findSessionWithUser(db: Database, sessionId: string) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId));
  return row ?? null;
}

export async function extendSession(db: Database, sessionId: string, expiresAt: Date) {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: Database, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteUserSessions(db: Database | Transaction, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
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

/** Setting a password by any route marks the account set up (issue 24): an invitation link cannot take it over. */
export async function setPassword(tx: Transaction, userId: number, passwordHash: string) {
  await tx
    .update(users)
    .set({ passwordHash, updatedAt: new Date(), accountSetupComplete: true })
    .where(eq(users.id, userId));
}
