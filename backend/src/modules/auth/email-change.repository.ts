import type { Transaction } from '@app/db';
import * as schema from '@app/db/schema';
import { and, eq, isNull } from 'drizzle-orm';

const { users, emailChanges } = schema;

/** Retires the user's pending e-mail changes when a newer one is asked for (newest only): their links stop working. */
export async function retirePendingEmailChanges(tx: Transaction, userId: number, at: Date) {
  await tx
    .update(emailChanges)
    .set({ usedAt: at })
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)));
}

export async function insertEmailChange(tx: Transaction, userId: number, newEmail: string) {
  const [row] = await tx.insert(emailChanges).values({ userId, newEmail }).returning({ id: emailChanges.id });
  if (!row) throw new Error('Could not store the e-mail change');
  return row;
}

/** The change whose link carries this token, with its user, locked until the transaction ends. */
export async function lockEmailChangeByToken(tx: Transaction, tokenHash: string) {
  const [row] = await tx
    .select({ change: emailChanges, user: users })
    .from(emailChanges)
    .innerJoin(users, eq(users.id, emailChanges.userId))
    .where(eq(emailChanges.tokenHash, tokenHash))
    .for('update', { of: emailChanges });
  return row ?? null;
}

/** The address changes; the request records when, and which address it replaced (that one is told). */
export async function applyEmailChange(
  tx: Transaction,
  change: { id: number; userId: number; newEmail: string },
  previousEmail: string,
  at: Date,
) {
  await tx.update(users).set({ email: change.newEmail, updatedAt: at }).where(eq(users.id, change.userId));
  await tx
    .update(emailChanges)
    .set({ usedAt: at, confirmedAt: at, previousEmail })
    .where(eq(emailChanges.id, change.id));
}

/** Serialises everything that sets a password or an address of one user (parallel links of both kinds). */
export async function lockUser(tx: Transaction, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
