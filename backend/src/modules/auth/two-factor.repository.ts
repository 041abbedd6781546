import type { Database, Transaction } from '@app/db';
import * as schema from '@app/db/schema';
import { and, count, eq, gt, isNull, lt, or, type SQL } from 'drizzle-orm';

const { twoFactorCredentials, recoveryCodes, pendingSignIns, appSettings } = schema;

type Db = Database | Transaction;

export type Credential = typeof twoFactorCredentials.$inferSelect;

export async function findCredential(db: Db, userId: number): Promise<Credential | null> {
  const [row] = await db.select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, userId));
  return row ?? null;
}

/** A new key for an enrolment under way; replaces an earlier unconfirmed one, never an enabled one. */
export async function saveUnconfirmedKey(db: Db, userId: number, sealedKey: string): Promise<boolean> {
  const rows = await db
    .insert(twoFactorCredentials)
    .values({ userId, sealedKey })
    .onConflictDoUpdate({
      target: twoFactorCredentials.userId,
      set: { sealedKey, lastUsedStep: null, createdAt: new Date() },
      setWhere: isNull(twoFactorCredentials.enabledAt),
    })
    .returning({ userId: twoFactorCredentials.userId });
  return rows.length > 0;
}

/**
 * Takes the step of an accepted code, once: only when no code of this step or a later one was used before. Two
 * requests with the same code race on the row; one of them gets it.
 */
export const claimStep = (db: Db, userId: number, step: number) =>
  changeCredentialIf(
    db,
    userId,
    { lastUsedStep: step },
    or(isNull(twoFactorCredentials.lastUsedStep), lt(twoFactorCredentials.lastUsedStep, step)),
  );

export const markEnabled = (tx: Transaction, userId: number, at: Date) =>
  changeCredentialIf(tx, userId, { enabledAt: at }, isNull(twoFactorCredentials.enabledAt));

/** Changes the person's credential only where `condition` holds: whether it did (false for a race's loser too). */
async function changeCredentialIf(
  db: Db,
  userId: number,
  change: Partial<Credential>,
  condition: SQL | undefined,
): Promise<boolean> {
  const rows = await db
    .update(twoFactorCredentials)
    .set(change)
    .where(and(eq(twoFactorCredentials.userId, userId), condition))
    .returning({ userId: twoFactorCredentials.userId });
  return rows.length > 0;
}

/** Turns two-factor sign-in off: the key and every recovery code go. */
export async function deleteTwoFactor(db: Db, userId: number): Promise<boolean> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const rows = await db
    .delete(twoFactorCredentials)
    .where(eq(twoFactorCredentials.userId, userId))
    .returning({ userId: twoFactorCredentials.userId });
  return rows.length > 0;
}

/** Replaces every recovery code of the person with these hashes. */
export async function replaceRecoveryCodes(tx: Transaction, userId: number, hashes: string[]) {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses a recovery code up, once: of parallel uses of one code, exactly one gets it. */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: at })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

// Pending sign-ins: the password was right, the second factor is asked next.

export async function insertPendingSignIn(db: Db, values: { id: string; userId: number; expiresAt: Date }) {
  await db.insert(pendingSignIns).values(values);
}

export async function findPendingSignIn(db: Db, id: string, now: Date) {
  const [row] = await db
    .select()
    .from(pendingSignIns)
    .where(and(eq(pendingSignIns.id, id), isNull(pendingSignIns.usedAt), gt(pendingSignIns.expiresAt, now)));
  return row ?? null;
}

/**
 * Uses a pending sign-in up inside the caller's transaction: the row stays locked until it commits, so a parallel
 * use of the same cookie waits and then finds it used. Null when it is used, expired or unknown.
 */
export async function claimPendingSignIn(tx: Transaction, id: string, now: Date) {
  const [row] = await tx
    .update(pendingSignIns)
    .set({ usedAt: now })
    .where(and(eq(pendingSignIns.id, id), isNull(pendingSignIns.usedAt), gt(pendingSignIns.expiresAt, now)))
    .returning({ userId: pendingSignIns.userId });
  return row ?? null;
}

/** Pending sign-ins older than a day are of no use to anyone. */
export async function deleteStalePendingSignIns(db: Db, before: Date) {
  await db.delete(pendingSignIns).where(lt(pendingSignIns.expiresAt, before));
}

// Settings

export const REQUIRE_ADMIN_TWO_FACTOR = 'requireAdminTwoFactor';

export async function readSetting(db: Db, key: string): Promise<unknown> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  return row?.value;
}

export async function writeSetting(tx: Transaction, key: string, value: unknown, by: number) {
  await tx
    .insert(appSettings)
    .values({ key, value, updatedBy: by })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedBy: by, updatedAt: new Date() } });
}
