import { type RecoveryCodes, SecurityMessages, type TwoFactorSetup, type TwoFactorStatus } from '@app/contracts';
import type { Database, Transaction } from '@app/db';
import type { SecretBox } from '@app/platform/secret-box';
import { decodeBase32IgnorePadding, encodeBase32NoPadding } from '@oslojs/encoding';
import { HttpError } from '../../lib/http-error';
import { Limits } from '../../lib/rate-limit';
import { insertAudit } from '../audit';
import type { AuthDeps } from './auth.deps';
import type { UserRow } from './auth.repository';
import { adminTwoFactorRequired } from './sign-in-steps';
import * as totp from './totp';
import * as repo from './two-factor.repository';

/**
 * Two-factor sign-in (issue 17, decision 035): enrolment from the account page, the code check every step shares,
 * turning it off and new recovery codes. The key is sealed with APP_ENCRYPTION_KEY, bound to its user.
 */

type Db = Database | Transaction;

/** The sealed key belongs to this user: copied onto another user's row it does not open. */
const keyContext = (userId: number) => `totp-key:${userId}`;

function box(deps: Pick<AuthDeps, 'secretBox'>): SecretBox {
  if (!deps.secretBox) throw new HttpError(503, SecurityMessages.encryptionKeyMissing);
  return deps.secretBox;
}

function openKey(deps: Pick<AuthDeps, 'secretBox'>, credential: repo.Credential): Uint8Array {
  return decodeBase32IgnorePadding(box(deps).open(credential.sealedKey, keyContext(credential.userId)));
}

export type CodeMethod = 'totp' | 'recovery_code';

/**
 * Checks a code of the person's app (the current step or one either side, never a step already used) or one of
 * their recovery codes (each once), and uses it up. Parallel uses of one code race on its row: one wins.
 */
export async function useCode(
  deps: Pick<AuthDeps, 'secretBox' | 'clock'>,
  db: Db,
  credential: repo.Credential,
  typed: string,
): Promise<{ ok: boolean; method: CodeMethod }> {
  const code = totp.normalizeCode(typed);
  const now = deps.clock.now();
  if (totp.isTotpCode(code)) {
    const step = totp.matchingStep(openKey(deps, credential), code, now);
    return { ok: step !== null && (await repo.claimStep(db, credential.userId, step)), method: 'totp' };
  }
  // Hashed whatever its shape, so a wrong code of any form takes the same path.
  const hash = totp.hashRecoveryCode(code);
  const ok = credential.enabledAt !== null && (await repo.useRecoveryCode(db, credential.userId, hash, now));
  return { ok, method: 'recovery_code' };
}

export async function status(deps: Pick<AuthDeps, 'db' | 'secretBox'>, user: UserRow): Promise<TwoFactorStatus> {
  const credential = await repo.findCredential(deps.db, user.id);
  const enabled = Boolean(credential?.enabledAt);
  return {
    enabled,
    enabledAt: credential?.enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: enabled ? await repo.countUnusedRecoveryCodes(deps.db, user.id) : 0,
    enrolmentRequired: user.isAdmin && !enabled && (await adminTwoFactorRequired(deps.db)),
    available: deps.secretBox !== null,
  };
}

/** Step 1: a new key (sealed at rest) and what the app needs to learn it. Shown now, never again once enabled. */
export async function startSetup(deps: Pick<AuthDeps, 'db' | 'secretBox'>, user: UserRow): Promise<TwoFactorSetup> {
  const sealer = box(deps);
  const key = totp.newTotpKey();
  const sealed = sealer.seal(encodeBase32NoPadding(key), keyContext(user.id));
  const saved = await repo.saveUnconfirmedKey(deps.db, user.id, sealed);
  if (!saved) throw new HttpError(409, SecurityMessages.alreadyEnabled);
  return totp.enrolmentOf(key, user.email);
}

/** A code check of the account page: counted per person before it is made (D34), given back when right. */
async function withCodeLimit<T>(deps: AuthDeps, userId: number, check: () => Promise<T | null>): Promise<T> {
  const limits = [Limits.secondFactorByUser(userId)];
  await deps.rateLimiter.hit(limits);
  const result = await check();
  if (result === null) throw new HttpError(400, SecurityMessages.invalidCode);
  await deps.rateLimiter.refund(limits);
  return result;
}

/** Thrown inside a transaction to undo it when the code is wrong. */
class WrongCode extends Error {}

async function inTransactionUnlessWrong<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T | null> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (error instanceof WrongCode) return null;
    throw error;
  }
}

async function issueRecoveryCodes(tx: Transaction, userId: number): Promise<string[]> {
  const codes = totp.newRecoveryCodes();
  await repo.replaceRecoveryCodes(tx, userId, codes.map(totp.hashRecoveryCode));
  return codes;
}

const audited = (tx: Transaction, user: UserRow, action: string) =>
  insertAudit(tx, {
    actorId: user.id,
    actorEmail: user.email,
    action,
    targetType: 'user',
    targetId: user.id,
    targetName: user.email,
  });

/** Step 2: a right code of the new key turns it on and gives ten recovery codes, shown this once. */
export async function enable(deps: AuthDeps, user: UserRow, typed: string): Promise<RecoveryCodes> {
  const credential = await repo.findCredential(deps.db, user.id);
  if (credential?.enabledAt) throw new HttpError(409, SecurityMessages.alreadyEnabled);
  if (!credential) throw new HttpError(409, SecurityMessages.setupFirst);
  const recoveryCodes = await withCodeLimit(deps, user.id, () =>
    inTransactionUnlessWrong(deps.db, async (tx) => {
      const code = totp.normalizeCode(typed);
      if (!totp.isTotpCode(code) || !(await useCode(deps, tx, credential, code)).ok) throw new WrongCode();
      if (!(await repo.markEnabled(tx, user.id, deps.clock.now())))
        throw new HttpError(409, SecurityMessages.alreadyEnabled);
      await audited(tx, user, 'account.two-factor-enable');
      return issueRecoveryCodes(tx, user.id);
    }),
  );
  return { recoveryCodes };
}

async function enabledCredential(deps: AuthDeps, user: UserRow) {
  const credential = await repo.findCredential(deps.db, user.id);
  if (!credential?.enabledAt) throw new HttpError(409, SecurityMessages.notEnabled);
  return credential;
}

/** Turning it off takes a current code (or a recovery code): a stolen session alone cannot. */
export async function disable(deps: AuthDeps, user: UserRow, typed: string): Promise<TwoFactorStatus> {
  const credential = await enabledCredential(deps, user);
  await withCodeLimit(deps, user.id, () =>
    inTransactionUnlessWrong(deps.db, async (tx) => {
      if (!(await useCode(deps, tx, credential, typed)).ok) throw new WrongCode();
      await repo.deleteTwoFactor(tx, user.id);
      await audited(tx, user, 'account.two-factor-disable');
      return true;
    }),
  );
  return status(deps, user);
}

/** New recovery codes (the old ones stop working) take a current code of the app. */
export async function regenerateRecoveryCodes(deps: AuthDeps, user: UserRow, typed: string): Promise<RecoveryCodes> {
  const credential = await enabledCredential(deps, user);
  const recoveryCodes = await withCodeLimit(deps, user.id, () =>
    inTransactionUnlessWrong(deps.db, async (tx) => {
      const code = totp.normalizeCode(typed);
      if (!totp.isTotpCode(code) || !(await useCode(deps, tx, credential, code)).ok) throw new WrongCode();
      await audited(tx, user, 'account.recovery-codes-regenerate');
      return issueRecoveryCodes(tx, user.id);
    }),
  );
  return { recoveryCodes };
}

/** The operator's way back in for a locked-out person (`bun run cli reset-two-factor`): the key and codes go. */
export async function resetTwoFactor(db: Database, userId: number): Promise<boolean> {
  return db.transaction((tx) => repo.deleteTwoFactor(tx, userId));
}
