import type { OrganizationValues } from '@app/contracts';
import type { Database } from '@app/db';
import { notFound } from '../../lib/http-error';
import { type Actor, changed, onOrganization, withAudit } from '../audit';
import { normalizeImageUrl } from '../dashboards';
import { recordSharingEvent } from '../embedding';
import * as repo from './organizations.repository';

const organizationValues = (input: OrganizationValues) => ({
  name: input.name,
  domain: input.domain?.trim() || null,
  logoUrl: normalizeImageUrl(input.logoUrl, 'logoUrl'),
  googleGroup: input.googleGroup ?? null,
});

export async function createOrganization(db: Database, actor: Actor, input: OrganizationValues) {
  const values = organizationValues(input);
  return withAudit(db, actor, async (tx) => {
    const organization = await repo.insertOrganization(tx, values);
    return {
      ...onOrganization('organization.create', organization.id, organization.name),
      changes: values,
      result: organization,
    };
  });
}

export async function updateOrganization(db: Database, actor: Actor, id: number, input: OrganizationValues) {
  const values = organizationValues(input);
  return withAudit(db, actor, async (tx) => {
    const before = await repo.findOrganization(tx, id);
    if (!before) throw notFound('Organization not found');
    const organization = (await repo.updateOrganization(tx, id, values))!;
    // Its Looker Studio access moves between the group and its members (issue 28).
    if (before.googleGroup !== values.googleGroup)
      await recordSharingEvent(tx, 'organization.google_group_changed', { organizationId: id });
    return {
      ...onOrganization('organization.update', id, values.name),
      changes: changed(before, values),
      result: organization,
    };
  });
}

export async function toggleOrganization(db: Database, actor: Actor, id: number) {
  return withAudit(db, actor, async (tx) => {
    const before = await repo.findOrganization(tx, id);
    if (!before) throw notFound('Organization not found');
    const isActive = !before.isActive;
    const organization = (await repo.updateOrganization(tx, id, { isActive }))!;
    await recordSharingEvent(tx, isActive ? 'organization.reactivated' : 'organization.deactivated', {
      organizationId: id,
    });
    const changes = { isActive: { from: before.isActive, to: isActive } };
    const action = isActive ? 'organization.activate' : 'organization.deactivate';
    return { ...onOrganization(action, id, before.name), changes, result: organization };
  });
}
