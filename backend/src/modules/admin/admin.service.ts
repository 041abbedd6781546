import {
  AdminMessages,
  type DashboardValues,
  type EditUserValues,
  EventTypes,
  type NewUserValues,
  type OrganizationValues,
} from '@app/contracts';
import { type DispatchDeps, dispatch } from '../../events/dispatch';
import { insertEvent } from '../../events/outbox.repository';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, HttpError, notFound, unprocessable } from '../../lib/http-error';
import type { PublicDashboardsCache } from '../dashboards/public-dashboards.cache';
import * as repo from './admin.repository';
import { embedUrlWarning, normalizeEmbedUrl, normalizeImageUrl, probeEmbedUrl } from './embed-url';

export interface Actor {
  id: number;
  email: string;
}

/** Admin changes to dashboards refresh the cached public list on every API replica. */
type Deps = DispatchDeps & { publicDashboards: PublicDashboardsCache };

/** The fields an update changes, as `{ field: { from, to } }` for the audit log. */
const changed = (before: object, after: Record<string, unknown>) => {
  const old = before as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(after)
      .filter(([key, value]) => value !== undefined && old[key] !== value)
      .map(([key, value]) => [key, { from: old[key] ?? null, to: value }]),
  );
};

// Organizations

export async function createOrganization(deps: Deps, actor: Actor, input: OrganizationValues) {
  const values = {
    name: input.name,
    domain: input.domain?.trim() || null,
    logoUrl: normalizeImageUrl(input.logoUrl, 'logoUrl'),
  };
  return deps.db.transaction(async (tx) => {
    const organization = await repo.insertOrganization(tx, values);
    await repo.audit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'organization.create',
      targetType: 'organization',
      targetId: organization.id,
      targetName: organization.name,
      changes: values,
    });
    return organization;
  });
}

export async function updateOrganization(deps: Deps, actor: Actor, id: number, input: OrganizationValues) {
  const values = {
    name: input.name,
    domain: input.domain?.trim() || null,
    logoUrl: normalizeImageUrl(input.logoUrl, 'logoUrl'),
  };
  return deps.db.transaction(async (tx) => {
    const before = await repo.findOrganization(tx, id);
    if (!before) throw notFound('Organization not found');
    const organization = await repo.updateOrganization(tx, id, values);
    await repo.audit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'organization.update',
      targetType: 'organization',
      targetId: id,
      targetName: values.name,
      changes: changed(before, values),
    });
    return organization!;
  });
}

export async function toggleOrganization(deps: Deps, actor: Actor, id: number) {
  return deps.db.transaction(async (tx) => {
    const before = await repo.findOrganization(tx, id);
    if (!before) throw notFound('Organization not found');
    const organization = await repo.updateOrganization(tx, id, { isActive: !before.isActive });
    await repo.audit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: before.isActive ? 'organization.deactivate' : 'organization.activate',
      targetType: 'organization',
      targetId: id,
      targetName: before.name,
      changes: { isActive: { from: before.isActive, to: !before.isActive } },
    });
    return organization!;
  });
}

// Dashboards

const dashboardValues = (input: DashboardValues) => ({
  name: input.name,
  description: input.description?.trim() || null,
  category: input.category!,
  type: input.type!,
  embedUrl: normalizeEmbedUrl(input.embedUrl ?? ''),
  thumbnailUrl: normalizeImageUrl(input.thumbnailUrl, 'thumbnailUrl'),
  isPublic: input.isPublic ?? false,
});

export async function createDashboard(deps: Deps, actor: Actor, input: DashboardValues) {
  const values = dashboardValues(input);
  const probe = probeEmbedUrl(values.embedUrl); // in parallel with the write; never fails the save
  const id = await deps.db.transaction(async (tx) => {
    const id = await repo.insertDashboard(tx, values);
    await repo.audit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'dashboard.create',
      targetType: 'dashboard',
      targetId: id,
      targetName: values.name,
      changes: values,
    });
    return id;
  });
  await deps.publicDashboards.invalidate();
  return { ...(await repo.listDashboards(deps.db, [id]))[0]!, embedUrlWarning: embedUrlWarning(await probe) };
}

export async function updateDashboard(deps: Deps, actor: Actor, id: number, input: DashboardValues) {
  const values = dashboardValues(input);
  const probe = probeEmbedUrl(values.embedUrl); // in parallel with the write; never fails the save
  await deps.db.transaction(async (tx) => {
    const [before] = await repo.listDashboards(tx, [id]);
    if (!before) throw notFound('Dashboard not found');
    await repo.updateDashboard(tx, id, values);
    await repo.audit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'dashboard.update',
      targetType: 'dashboard',
      targetId: id,
      targetName: values.name,
      changes: changed(before, values),
    });
  });
  await deps.publicDashboards.invalidate();
  return { ...(await repo.listDashboards(deps.db, [id]))[0]!, embedUrlWarning: embedUrlWarning(await probe) };
}

export async function deleteDashboard(deps: Deps, actor: Actor, id: number) {
  await deps.db.transaction(async (tx) => {
    const deleted = await repo.deleteDashboard(tx, id);
    if (!deleted) throw notFound('Dashboard not found');
    await repo.audit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'dashboard.delete',
      targetType: 'dashboard',
      targetId: id,
      targetName: deleted.name,
      changes: { name: deleted.name },
    });
  });
  await deps.publicDashboards.invalidate();
}

// Users

const toId = (value: unknown) => (value === null || value === undefined || value === '' ? null : Number(value));

export async function createUser(deps: Deps, actor: Actor, input: NewUserValues, requestId?: string) {
  const email = input.email!.trim();
  const organizationId = toId(input.organizationId);
  if (await repo.emailTaken(deps.db, email)) throw conflict(AdminMessages.emailTaken);
  if (organizationId && !(await repo.existingOrganizationIds(deps.db, [organizationId])).length)
    throw unprocessable('Organization not found', [{ path: 'organizationId', message: 'Organization not found' }]);
  try {
    const { id, event } = await deps.db.transaction(async (tx) => {
      const id = await repo.insertUser(tx, {
        email,
        firstName: input.firstName?.trim() || null,
        lastName: input.lastName?.trim() || null,
        isAdmin: input.isAdmin ?? false,
      });
      if (organizationId) await repo.addMembership(tx, organizationId, id, 'Member');
      await repo.audit(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'user.create',
        targetType: 'user',
        targetId: id,
        targetName: email,
        changes: {
          email,
          isAdmin: input.isAdmin ?? false,
          organizationId,
          sendRegistrationEmail: input.sendRegistrationEmail ?? true,
        },
      });
      // D7, D22: the invitation is an event (ids only); the worker mints the link.
      const event =
        input.sendRegistrationEmail === false
          ? null
          : await insertEvent(tx, EventTypes.userInvited, { userId: id }, requestId);
      return { id, event };
    });
    if (event) await dispatch(deps, [event]);
    return (await repo.listUsers(deps.db, [id]))[0]!;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(AdminMessages.emailTaken);
    throw error;
  }
}

export async function updateUser(deps: Deps, actor: Actor, id: number, input: EditUserValues) {
  const email = input.email!.trim();
  const before = await repo.findUserRow(deps.db, id);
  if (!before) throw notFound('User not found');
  if (id === actor.id && input.isAdmin === false) throw new HttpError(403, AdminMessages.ownAdmin);
  if (id === actor.id && input.isActive === false) throw new HttpError(403, AdminMessages.ownDeactivate);
  if (await repo.emailTaken(deps.db, email, id)) throw conflict(AdminMessages.emailTaken);
  const wanted = [...new Set((input.organizationIds ?? []).map(Number))];
  const existing = await repo.existingOrganizationIds(deps.db, wanted);
  if (existing.length !== wanted.length)
    throw unprocessable('Organization not found', [{ path: 'organizationIds', message: 'Organization not found' }]);
  const values = {
    email,
    firstName: input.firstName?.trim() || null,
    lastName: input.lastName?.trim() || null,
    ...(input.isAdmin === undefined ? {} : { isAdmin: input.isAdmin }),
    ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
  };
  try {
    await deps.db.transaction(async (tx) => {
      await repo.updateUser(tx, id, values);
      const current = await repo.organizationIdsOf(tx, id);
      await repo.removeMemberships(
        tx,
        id,
        current.filter((o) => !wanted.includes(o)),
      );
      for (const organizationId of wanted.filter((o) => !current.includes(o)))
        await repo.addMembership(tx, organizationId, id, 'Member');
      if (values.isActive === false) await repo.endSessions(tx, id);
      await repo.audit(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'user.update',
        targetType: 'user',
        targetId: id,
        targetName: email,
        changes: {
          ...changed(before, values),
          ...(current.sort().join() === [...wanted].sort().join()
            ? {}
            : { organizationIds: { from: current, to: wanted } }),
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(AdminMessages.emailTaken);
    throw error;
  }
  return (await repo.listUsers(deps.db, [id]))[0]!;
}

export async function setAdmin(deps: Deps, actor: Actor, id: number, isAdmin: boolean) {
  if (id === actor.id && !isAdmin) throw new HttpError(403, AdminMessages.ownAdmin);
  await deps.db.transaction(async (tx) => {
    const before = await repo.findUserRow(tx, id);
    if (!before) throw notFound('User not found');
    await repo.updateUser(tx, id, { isAdmin });
    await repo.audit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: isAdmin ? 'user.grant-admin' : 'user.revoke-admin',
      targetType: 'user',
      targetId: id,
      targetName: before.email,
      changes: { isAdmin: { from: before.isAdmin, to: isAdmin } },
    });
  });
  return (await repo.listUsers(deps.db, [id]))[0]!;
}

/** Deactivating ends every session of the user at once (D3); their data stays. */
export async function setActive(deps: Deps, actor: Actor, id: number, isActive: boolean) {
  if (id === actor.id && !isActive) throw new HttpError(403, AdminMessages.ownDeactivate);
  await deps.db.transaction(async (tx) => {
    const before = await repo.findUserRow(tx, id);
    if (!before) throw notFound('User not found');
    await repo.updateUser(tx, id, { isActive });
    if (!isActive) await repo.endSessions(tx, id);
    await repo.audit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: isActive ? 'user.activate' : 'user.deactivate',
      targetType: 'user',
      targetId: id,
      targetName: before.email,
      changes: { isActive: { from: before.isActive, to: isActive } },
    });
  });
  return (await repo.listUsers(deps.db, [id]))[0]!;
}

/** Permanent: the user and everything of theirs (sessions, memberships, tokens, views) go (foreign keys cascade). */
export async function deleteUser(deps: Deps, actor: Actor, id: number) {
  if (id === actor.id) throw new HttpError(403, AdminMessages.ownDelete);
  await deps.db.transaction(async (tx) => {
    const before = await repo.findUserRow(tx, id);
    if (!before) throw notFound('User not found');
    await repo.deleteUser(tx, id);
    await repo.audit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'user.delete',
      targetType: 'user',
      targetId: id,
      targetName: before.email,
      changes: { email: before.email },
    });
  });
}

export async function addUserToOrganization(
  deps: Deps,
  actor: Actor,
  organizationId: number,
  userId: number,
  role: string,
) {
  const user = await repo.findUserRow(deps.db, userId);
  if (!user) throw notFound('User not found');
  const organization = await repo.findOrganization(deps.db, organizationId);
  if (!organization) throw notFound('Organization not found');
  await deps.db.transaction(async (tx) => {
    const added = await repo.addMembership(tx, organizationId, userId, role);
    if (!added) throw conflict('This user is already a member of this organization');
    await repo.audit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'organization.add-user',
      targetType: 'organization',
      targetId: organizationId,
      targetName: organization.name,
      changes: { userId, userEmail: user.email, role },
    });
  });
  return { message: 'User added to organization' };
}

export async function linkDashboard(deps: Deps, actor: Actor, organizationId: number, dashboardId: number) {
  const organization = await repo.findOrganization(deps.db, organizationId);
  if (!organization) throw notFound('Organization not found');
  const [dashboard] = await repo.listDashboards(deps.db, [dashboardId]);
  if (!dashboard) throw notFound('Dashboard not found');
  await deps.db.transaction(async (tx) => {
    if (!(await repo.insertLink(tx, organizationId, dashboardId))) throw conflict(AdminMessages.linkExists);
    await repo.audit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'organization.link-dashboard',
      targetType: 'organization',
      targetId: organizationId,
      targetName: organization.name,
      changes: { dashboardId, dashboardName: dashboard.name },
    });
  });
  return (await repo.listLinks(deps.db)).find(
    (l) => l.organizationId === organizationId && l.dashboardId === dashboardId,
  )!;
}

/** Undoes `linkDashboard`: the organization's members no longer see the dashboard. 404 when there is no such link. */
export async function unlinkDashboard(deps: Deps, actor: Actor, organizationId: number, dashboardId: number) {
  await deps.db.transaction(async (tx) => {
    const removed = await repo.deleteLink(tx, organizationId, dashboardId);
    if (!removed) throw notFound(AdminMessages.linkMissing);
    await repo.audit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'organization.unlink-dashboard',
      targetType: 'organization',
      targetId: organizationId,
      targetName: removed.organizationName,
      changes: { dashboardId, dashboardName: removed.dashboardName },
    });
  });
}

/** Undoes `addUserToOrganization`: the user loses the organization's dashboards. 404 when they are not a member. */
export async function removeUserFromOrganization(deps: Deps, actor: Actor, organizationId: number, userId: number) {
  await deps.db.transaction(async (tx) => {
    const removed = await repo.deleteMembership(tx, organizationId, userId);
    if (!removed) throw notFound(AdminMessages.membershipMissing);
    await repo.audit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'organization.remove-user',
      targetType: 'organization',
      targetId: organizationId,
      targetName: removed.organizationName,
      changes: { userId, userEmail: removed.userEmail, role: removed.role },
    });
  });
}

/** D22: answered once the event is stored (202); the worker mints the link and sends the e-mail. */
export async function sendAccountEmail(
  deps: Deps,
  actor: Actor,
  email: string,
  kind: 'registration' | 'reset',
  requestId?: string,
) {
  const user = await repo.findUserRowByEmail(deps.db, email);
  if (!user) throw notFound('No user with this email address');
  if (!user.isActive) throw unprocessable('This user is deactivated: activate them first');
  if (kind === 'registration' && user.accountSetupComplete)
    throw unprocessable('This user has already set up their account: send a password reset instead');
  // The event and its audit row are written together: an e-mail is never queued without its record, nor recorded
  // without being queued.
  const event = await deps.db.transaction(async (tx) => {
    const event = await insertEvent(
      tx,
      kind === 'registration' ? EventTypes.userInvited : EventTypes.passwordResetRequested,
      { userId: user.id },
      requestId,
    );
    await repo.audit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: kind === 'registration' ? 'user.send-registration-email' : 'user.send-password-reset',
      targetType: 'user',
      targetId: user.id,
      targetName: user.email,
    });
    return event;
  });
  await dispatch(deps, [event]);
  return { message: kind === 'registration' ? 'Registration email sent' : 'Password reset email sent' };
}
