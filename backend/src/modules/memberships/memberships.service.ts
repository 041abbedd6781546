import { AdminMessages } from '@app/contracts';
import type { Database } from '@app/db';
import { conflict, notFound } from '../../lib/http-error';
import { type Actor, withAudit } from '../audit';
import { recordSharingEvent } from '../embedding';
import { findOrganization } from '../organizations';
import * as repo from './memberships.repository';

/** The user sees the organization's dashboards from now on. 409 when they already are a member. */
export async function addUserToOrganization(
  db: Database,
  actor: Actor,
  organizationId: number,
  userId: number,
  role: string,
) {
  const userEmail = await repo.memberEmail(db, userId);
  if (userEmail === null) throw notFound('User not found');
  const organization = await findOrganization(db, organizationId);
  if (!organization) throw notFound('Organization not found');
  await withAudit(db, actor, async (tx) => {
    const added = await repo.addMembership(tx, organizationId, userId, role);
    if (!added) throw conflict('This user is already a member of this organization');
    await recordSharingEvent(tx, 'organization_member.added', { organizationId, userId });
    const target = { targetType: 'organization', targetId: organizationId, targetName: organization.name };
    return { action: 'organization.add-user', ...target, changes: { userId, userEmail, role } };
  });
  return { message: 'User added to organization' };
}

/** Undoes `addUserToOrganization`: the user loses the organization's dashboards. 404 when they are not a member. */
export async function removeUserFromOrganization(db: Database, actor: Actor, organizationId: number, userId: number) {
  await withAudit(db, actor, async (tx) => {
    const removed = await repo.deleteMembership(tx, organizationId, userId);
    if (!removed) throw notFound(AdminMessages.membershipMissing);
    await recordSharingEvent(tx, 'organization_member.removed', { organizationId, userId });
    const target = { targetType: 'organization', targetId: organizationId, targetName: removed.organizationName };
    const changes = { userId, userEmail: removed.userEmail, role: removed.role };
    return { action: 'organization.remove-user', ...target, changes };
  });
}

/** Changes a member's role in the organization (issue 27), audited with the role before and after; 404 for no member. */
export async function changeMemberRole(
  db: Database,
  actor: Actor,
  organizationId: number,
  userId: number,
  role: string,
) {
  return withAudit(db, actor, async (tx) => {
    const before = await repo.changeMemberRole(tx, organizationId, userId, role);
    if (!before) throw notFound(AdminMessages.membershipMissing);
    const target = { targetType: 'organization', targetId: organizationId, targetName: before.organizationName };
    const changes = { userId, userEmail: before.userEmail, role: { from: before.role, to: role } };
    return { action: 'organization.change-role', ...target, changes, result: { role } };
  });
}
