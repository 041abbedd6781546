import { AdminMessages, type EditUserValues, EventTypes, type NewUserValues } from '@app/contracts/server';
import type { Database, Transaction } from '@app/db';
import { insertEvent } from '@app/platform/outbox';
import { type DispatchDeps, dispatch } from '../../events/dispatch';
import { conflictWhen, isUniqueViolation } from '../../lib/db-errors';
import { conflict, HttpError, notFound, unprocessable } from '../../lib/http-error';
import { type Actor, changed, withAudit } from '../audit';
import { recordPersonEvent, recordSharingEvent } from '../embedding';
import { addMembership, organizationIdsOf, removeMemberships } from '../memberships';
import { existingOrganizationIds } from '../organizations';
import * as repo from './users.repository';

const toId = (value: unknown) => (value === null || value === undefined || value === '' ? null : Number(value));

/** A unique violation of the e-mail (two creations in parallel) is the same 409 as the check before. */
const emailUnique = <T>(write: () => Promise<T>) => conflictWhen(isUniqueViolation, AdminMessages.emailTaken, write());

async function userById(db: Database | Transaction, id: number, lock = false) {
  const user = await repo.findUserById(db, id, lock);
  if (!user) throw notFound('User not found');
  return user;
}

const listed = async (db: Database, id: number) => (await repo.listUsers(db, [id]))[0]!;

/**
 * Made an administrator without a password (issue 26): they signed in only through single sign-on, which an
 * administrator cannot use, so they would be locked out. The change queues the e-mail with a link to set a password
 * (the reset link, minted by the worker, D7) in its own transaction, and its answer says so.
 */
async function passwordLinkFor(
  tx: Transaction,
  before: repo.UserRow,
  isAdmin: boolean | undefined,
  requestId: string | undefined,
) {
  // Someone invited who has not set up their account yet chooses a password through the invitation.
  const ssoOnly = before.passwordHash === null && before.accountSetupComplete;
  if (isAdmin !== true || before.isAdmin || !ssoOnly || !before.isActive) return null;
  return insertEvent(tx, EventTypes.passwordResetRequested, { userId: before.id }, requestId);
}

/** The user as changed, and whether a link to set a password was sent; the event is published once stored. */
async function answer(deps: DispatchDeps, id: number, event: Awaited<ReturnType<typeof passwordLinkFor>>) {
  if (event) await dispatch(deps, [event]);
  return { ...(await listed(deps.db, id)), passwordLinkSent: event !== null };
}

export async function createUser(deps: DispatchDeps, actor: Actor, input: NewUserValues, requestId?: string) {
  const email = input.email!.trim();
  const organizationId = toId(input.organizationId);
  const sendRegistrationEmail = input.sendRegistrationEmail ?? true;
  if (await repo.emailTaken(deps.db, email)) throw conflict(AdminMessages.emailTaken);
  if (organizationId && !(await existingOrganizationIds(deps.db, [organizationId])).length)
    throw unprocessable('Organization not found', [{ path: 'organizationId', message: 'Organization not found' }]);
  const { id, event } = await emailUnique(() =>
    withAudit(deps.db, actor, async (tx) => {
      const isAdmin = input.isAdmin ?? false;
      const firstName = input.firstName?.trim() || null;
      const id = await repo.insertUser(tx, { email, firstName, lastName: input.lastName?.trim() || null, isAdmin });
      if (organizationId) {
        await addMembership(tx, organizationId, id, 'Member');
        await recordSharingEvent(tx, 'organization_member.added', { organizationId, userId: id });
      }
      // D7, D22: the invitation is an event (ids only); the worker mints the link.
      const event = sendRegistrationEmail
        ? await insertEvent(tx, EventTypes.userInvited, { userId: id }, requestId)
        : null;
      const changes = { email, isAdmin, organizationId, sendRegistrationEmail };
      return {
        action: 'user.create',
        targetType: 'user',
        targetId: id,
        targetName: email,
        changes,
        result: { id, event },
      };
    }),
  );
  if (event) await dispatch(deps, [event]);
  return listed(deps.db, id);
}

export async function updateUser(
  deps: DispatchDeps,
  actor: Actor,
  id: number,
  input: EditUserValues,
  requestId?: string,
) {
  const email = input.email!.trim();
  const before = await userById(deps.db, id);
  if (id === actor.id && input.isAdmin === false) throw new HttpError(403, AdminMessages.ownAdmin);
  if (id === actor.id && input.isActive === false) throw new HttpError(403, AdminMessages.ownDeactivate);
  if (await repo.emailTaken(deps.db, email, id)) throw conflict(AdminMessages.emailTaken);
  const wanted = [...new Set((input.organizationIds ?? []).map(Number))];
  const existing = await existingOrganizationIds(deps.db, wanted);
  if (existing.length !== wanted.length)
    throw unprocessable('Organization not found', [{ path: 'organizationIds', message: 'Organization not found' }]);
  const values = {
    email,
    firstName: input.firstName?.trim() || null,
    lastName: input.lastName?.trim() || null,
    ...(input.isAdmin === undefined ? {} : { isAdmin: input.isAdmin }),
    ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
    ...(input.googleAccount === undefined ? {} : { googleAccount: input.googleAccount }),
  };
  const event = await emailUnique(() =>
    withAudit(deps.db, actor, async (tx) => {
      await repo.updateUser(tx, id, values);
      const event = await passwordLinkFor(tx, before, values.isAdmin, requestId);
      const current = await organizationIdsOf(tx, id);
      await removeMemberships(
        tx,
        id,
        current.filter((o) => !wanted.includes(o)),
      );
      for (const organizationId of wanted.filter((o) => !current.includes(o)))
        await addMembership(tx, organizationId, id, 'Member');
      if (values.isActive === false) await repo.deleteUserSessions(tx, id);
      await recordAccessChanges(tx, before, values, current, wanted);
      const sameOrganizations = current.sort().join() === [...wanted].sort().join();
      const changes = {
        ...changed(before, values),
        ...(sameOrganizations ? {} : { organizationIds: { from: current, to: wanted } }),
        ...(event ? { passwordLinkSent: true } : {}),
      };
      return { action: 'user.update', targetType: 'user', targetId: id, targetName: email, changes, result: event };
    }),
  );
  return answer(deps, id, event);
}

/** What of a person's change moves their Looker Studio access (issue 28): one sharing event each. */
async function recordAccessChanges(
  tx: Transaction,
  before: { id: number; email: string; isActive: boolean; googleAccount: string | null },
  values: { email: string; isActive?: boolean; googleAccount?: string | null },
  current: number[],
  wanted: number[],
) {
  const userId = before.id;
  for (const organizationId of current.filter((o) => !wanted.includes(o)))
    await recordSharingEvent(tx, 'organization_member.removed', { organizationId, userId });
  for (const organizationId of wanted.filter((o) => !current.includes(o)))
    await recordSharingEvent(tx, 'organization_member.added', { organizationId, userId });
  if (values.isActive !== undefined && values.isActive !== before.isActive)
    await recordPersonEvent(tx, values.isActive ? 'user.reactivated' : 'user.deactivated', userId);
  if (values.email.toLowerCase() !== before.email.toLowerCase())
    await recordPersonEvent(tx, 'user.email_changed', userId);
  if (values.googleAccount !== undefined && values.googleAccount !== before.googleAccount)
    await recordPersonEvent(tx, 'user.google_account_changed', userId);
}

/** Sets one of the user's rights; deactivating ends every session of the user at once (D3), their data stays. */
async function setFlag(
  deps: DispatchDeps,
  actor: Actor,
  id: number,
  flag: 'isAdmin' | 'isActive',
  value: boolean,
  requestId?: string,
) {
  const actions = {
    isAdmin: ['user.revoke-admin', 'user.grant-admin'],
    isActive: ['user.deactivate', 'user.activate'],
  };
  const event = await withAudit(deps.db, actor, async (tx) => {
    // Locked: two grants at once send one link.
    const before = await userById(tx, id, true);
    await repo.updateUser(tx, id, { [flag]: value });
    if (flag === 'isActive' && !value) await repo.deleteUserSessions(tx, id);
    if (flag === 'isActive' && value !== before.isActive)
      await recordPersonEvent(tx, value ? 'user.reactivated' : 'user.deactivated', id);
    const event = flag === 'isAdmin' ? await passwordLinkFor(tx, before, value, requestId) : null;
    const target = { targetType: 'user', targetId: id, targetName: before.email };
    const changes = { [flag]: { from: before[flag], to: value }, ...(event ? { passwordLinkSent: true } : {}) };
    return { action: actions[flag][Number(value)]!, ...target, changes, result: event };
  });
  return answer(deps, id, event);
}

export async function setAdmin(deps: DispatchDeps, actor: Actor, id: number, isAdmin: boolean, requestId?: string) {
  if (id === actor.id && !isAdmin) throw new HttpError(403, AdminMessages.ownAdmin);
  return setFlag(deps, actor, id, 'isAdmin', isAdmin, requestId);
}

export async function setActive(deps: DispatchDeps, actor: Actor, id: number, isActive: boolean) {
  if (id === actor.id && !isActive) throw new HttpError(403, AdminMessages.ownDeactivate);
  return setFlag(deps, actor, id, 'isActive', isActive);
}

/** Permanent: the user and everything of theirs (sessions, memberships, tokens, views) go (foreign keys cascade). */
export async function deleteUser(deps: DispatchDeps, actor: Actor, id: number) {
  if (id === actor.id) throw new HttpError(403, AdminMessages.ownDelete);
  await withAudit(deps.db, actor, async (tx) => {
    const before = await userById(tx, id);
    await recordPersonEvent(tx, 'user.erased', id);
    await repo.deleteUser(tx, id);
    const changes = { email: before.email };
    return { action: 'user.delete', targetType: 'user', targetId: id, targetName: before.email, changes };
  });
}

/** D22: answered once the event is stored (202); the worker mints the link and sends the e-mail. */
export async function sendAccountEmail(
  deps: DispatchDeps,
  actor: Actor,
  email: string,
  kind: 'registration' | 'reset',
  requestId?: string,
) {
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user) throw notFound('No user with this email address');
  if (!user.isActive) throw unprocessable('This user is deactivated: activate them first');
  if (kind === 'registration' && user.accountSetupComplete)
    throw unprocessable('This user has already set up their account: send a password reset instead');
  // The event and its audit row are written together: an e-mail is never queued without its record, nor recorded
  // without being queued.
  const event = await withAudit(deps.db, actor, async (tx) => {
    const type = kind === 'registration' ? EventTypes.userInvited : EventTypes.passwordResetRequested;
    const event = await insertEvent(tx, type, { userId: user.id }, requestId);
    const action = kind === 'registration' ? 'user.send-registration-email' : 'user.send-password-reset';
    return { action, targetType: 'user', targetId: user.id, targetName: user.email, result: event };
  });
  await dispatch(deps, [event]);
  return { message: kind === 'registration' ? 'Registration email sent' : 'Password reset email sent' };
}
