import { AdminMessages } from '@app/contracts';
import type { Database } from '@app/db';
import { conflict, notFound } from '../../lib/http-error';
import { type Actor, onOrganization, withAudit } from '../audit';
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
    return {
      ...onOrganization('organization.add-user', organizationId, organization.name),
      changes: { userId, userEmail, role },
    };
  });
  return { message: 'User added to organization' };
}

/** Undoes `addUserToOrganization`: the user loses the organization's dashboards. 404 when they are not a member. */
export async function removeUserFromOrganization(db: Database, actor: Actor, organizationId: number, userId: number) {
  await withAudit(db, actor, async (tx) => {
    const removed = await repo.deleteMembership(tx, organizationId, userId);
    if (!removed) throw notFound(AdminMessages.membershipMissing);
    await recordSharingEvent(tx, 'organization_member.removed', { organizationId, userId });
    const changes = { userId, userEmail: removed.userEmail, role: removed.role };
    return { ...onOrganization('organization.remove-user', organizationId, removed.organizationName), changes };
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
    const changes = { userId, userEmail: before.userEmail, role: { from: before.role, to: role } };
    return {
      ...onOrganization('organization.change-role', organizationId, before.organizationName),
      changes,
      result: { role },
    };
  });
}
