import { createHash } from 'node:crypto';
import { erasedMarker, type PersonalDataErased, type PersonalDataExport } from '@app/contracts';
import type { Database } from '@app/db';
import type { Clock } from '../../lib/clock';
import { conflict } from '../../lib/http-error';
import { type Actor, withAudit } from '../audit';
import { recordPersonEvent } from '../embedding';
import * as repo from './personal-data.repository';
import { collectPersonalData } from './personal-data-export.repository';

const PersonalDataMessages = {
  ownAccount: 'You cannot erase your own account: ask another administrator',
  lastAdmin: 'This is the last administrator: make someone else an administrator first',
  upcoming: (n: number) =>
    `This address has ${n === 1 ? 'an upcoming consultation' : `${n} upcoming consultations`}: cancel ${n === 1 ? 'it' : 'them'} first (the visitor is told and the calendar freed), then erase`,
} as const;

/**
 * The audit's name for an address without the address: its SHA-256 (lowercased first), so a later request about the
 * same address can be matched with the record without the record naming anyone.
 */
const addressHash = (email: string) => createHash('sha256').update(email).digest('hex');

/**
 * Everything stored about an address, for the person it belongs to. Reading someone's data is itself recorded (the
 * audit names the address by its hash only).
 */
export async function exportPersonalData(db: Database, actor: Actor, rawEmail: string, clock: Clock) {
  const email = rawEmail.trim().toLowerCase();
  return withAudit(db, actor, async (tx) => {
    const data = await collectPersonalData(tx, email);
    const result: PersonalDataExport = { email, exportedAt: clock.now().toISOString(), ...data } as PersonalDataExport;
    return {
      action: 'personal_data.export',
      targetType: 'person',
      targetId: null,
      changes: { addressSha256: addressHash(email) },
      result,
    };
  });
}

/**
 * Erases an address (a person's request): refused for the administrator's own account, the last administrator, and
 * while the address has an upcoming confirmed consultation (cancelling it first tells the visitor and frees the
 * calendar through the usual path). One transaction: all of it, or nothing.
 */
export async function erasePersonalData(
  db: Database,
  actor: Actor,
  rawEmail: string,
  clock: Clock,
): Promise<PersonalDataErased> {
  const email = rawEmail.trim().toLowerCase();
  return withAudit(db, actor, async (tx) => {
    // One erase of an address at a time, and none while another runs on the same address (a second click).
    await repo.lockAddress(tx, email);
    const account = await repo.findAccount(tx, email);
    if (account && account.id === actor.id) throw conflict(PersonalDataMessages.ownAccount);
    if (account?.isAdmin && account.isActive && (await repo.countActiveAdmins(tx)) <= 1)
      throw conflict(PersonalDataMessages.lastAdmin);
    const upcoming = await repo.upcomingBookings(tx, email, clock.now());
    if (upcoming.length) throw conflict(PersonalDataMessages.upcoming(upcoming.length));
    const marker = erasedMarker(account?.id ?? null);
    // Their Looker Studio access goes with them (issue 28): the event names their organizations before they go.
    if (account) await recordPersonEvent(tx, 'user.erased', account.id);
    const counts = await repo.erasePersonalData(tx, email, account, marker);
    const result = { ...counts, account: account !== null };
    return {
      action: 'personal_data.erase',
      targetType: 'person',
      targetId: account ? `erased-user-${account.id}` : null,
      changes: { addressSha256: addressHash(email), ...result },
      result,
    };
  });
}
