import * as schema from '@app/db/schema';
import { createDashboard, createMember, createOrganization, createUser, linkDashboard } from '@app/db/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../testing/admin';

const { t, as, admin } = useAdminTestApp();

describe('associations', () => {
  it('add a user to an organization with the default role Member', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db);
    const response = await as(admin).send('POST', '/api/admin/organization-users', {
      organizationId: org.id,
      userId: user.id,
    });
    expect(response.status).toBe(201);
    const [membership] = await t.db.select().from(schema.memberships).where(eq(schema.memberships.userId, user.id));
    expect(membership?.role).toBe('Member');
  });
});

describe('undoing links (issue 12, item 13)', () => {
  it('remove a user from an organization: 204, membership gone, audited with names; 404 when not a member', async () => {
    const org = await createOrganization(t.db, { name: 'Member Org' });
    const user = await createMember(t.db, org.id, { email: 'member@example.com' });
    const path = `/api/admin/organization-users/${org.id}/${user.id}`;

    const removed = await as(admin).send('DELETE', path);
    expect(removed.status).toBe(204);
    expect(await t.db.select().from(schema.memberships).where(eq(schema.memberships.userId, user.id))).toEqual([]);
    const [entry] = await (await as(admin).get('/api/admin/audit')).json();
    expect(entry).toMatchObject({
      action: 'organization.remove-user',
      targetName: 'Member Org',
      changes: { userId: user.id, userEmail: 'member@example.com', role: 'Member' },
    });

    const again = await as(admin).send('DELETE', path);
    expect(again.status).toBe(404);
    expect((await again.json()).message).toBe('This user is not a member of this organization');
  });

  it('are refused from another origin (D9), like every other admin change', async () => {
    const org = await createOrganization(t.db);
    const dashboard = await createDashboard(t.db);
    await linkDashboard(t.db, org.id, dashboard.id);
    const user = await createMember(t.db, org.id);
    for (const path of [
      `/api/admin/organization-dashboards/${org.id}/${dashboard.id}`,
      `/api/admin/organization-users/${org.id}/${user.id}`,
    ]) {
      const refused = await t.request('DELETE', path, undefined, { cookie: admin.cookie, origin: 'https://evil.test' });
      expect(refused.status, path).toBe(403);
    }
    expect(await t.db.select().from(schema.memberships).where(eq(schema.memberships.userId, user.id))).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(schema.organizationDashboards)
        .where(eq(schema.organizationDashboards.dashboardId, dashboard.id)),
    ).toHaveLength(1);
  });
});
