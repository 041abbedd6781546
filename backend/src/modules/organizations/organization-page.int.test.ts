import * as schema from '@app/db/schema';
import {
  addMembership,
  createDashboard,
  createMember,
  createOrganization,
  createUser,
  linkDashboard,
} from '@app/db/testing';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../testing/admin';

const { t, as, admin, client } = useAdminTestApp();

describe("one organization's page (issue 27)", () => {
  it('answers the organization, its members with roles and its views of the last 30 days', async () => {
    const org = await createOrganization(t.db, { name: 'Page Client', domain: 'page.example' });
    const other = await createOrganization(t.db, { name: 'Elsewhere' });
    const bea = await createUser(t.db, { email: 'bea@page.example', firstName: 'Bea', lastName: 'Brown' });
    const al = await createUser(t.db, { email: 'al@page.example', firstName: null, lastName: null });
    const stranger = await createUser(t.db, { email: 'stranger@example.com' });
    await addMembership(t.db, org.id, bea.id, 'Owner');
    await addMembership(t.db, org.id, al.id);
    await addMembership(t.db, other.id, stranger.id);
    const board = await createDashboard(t.db, { name: 'Page Board' });
    await linkDashboard(t.db, org.id, board.id);
    await linkDashboard(t.db, other.id, board.id);
    const now = Date.now();
    await t.db.insert(schema.dashboardViews).values([
      { dashboardId: board.id, userId: bea.id, viewedAt: new Date(now - 60_000) },
      { dashboardId: board.id, userId: bea.id, viewedAt: new Date(now - 2 * 86_400_000) },
      { dashboardId: board.id, userId: al.id, viewedAt: new Date(now - 40 * 86_400_000) },
      { dashboardId: board.id, userId: stranger.id, viewedAt: new Date(now - 60_000) },
    ]);

    const response = await as(admin).get(`/api/admin/organizations/${org.id}`);
    expect(response.status).toBe(200);
    const page = await response.json();
    expect(page.organization).toMatchObject({ id: org.id, name: 'Page Client', domain: 'page.example' });
    expect(page.members).toEqual([
      expect.objectContaining({ id: al.id, email: 'al@page.example', name: null, role: 'Member' }),
      expect.objectContaining({ id: bea.id, email: 'bea@page.example', name: 'Bea Brown', role: 'Owner' }),
    ]);
    expect(page.usage.days).toHaveLength(30);
    expect(page.usage.views).toHaveLength(30);
    // Bea's two views in the window count; Al's is older than 30 days, the stranger is another client's.
    expect(page.usage.total).toBe(2);
    expect(page.usage.views.reduce((a: number, b: number) => a + b, 0)).toBe(2);
    expect(page.usage.to).toBe(page.usage.days.at(-1));
  });

  it('is for administrators, 404 for an organization that does not exist, 4xx for ids that are none', async () => {
    const org = await createOrganization(t.db);
    expect((await as(client).get(`/api/admin/organizations/${org.id}`)).status).toBe(403);
    expect((await as(null).get(`/api/admin/organizations/${org.id}`)).status).toBe(401);
    expect((await as(admin).get('/api/admin/organizations/2147483647')).status).toBe(404);
    for (const id of ['0', '-1', '1e309', '1.5', 'abc', '%00', '99999999999999999999'])
      expect((await as(admin).get(`/api/admin/organizations/${id}`)).status, id).toBeOneOf([404, 422]);
  });
});

describe("a member's role (issue 27)", () => {
  it('changes, audited with the role before and after; 404 for someone who is not a member', async () => {
    const org = await createOrganization(t.db, { name: 'Roles Inc' });
    const member = await createMember(t.db, org.id, { email: 'role@roles.example' });
    const path = `/api/admin/organization-users/${org.id}/${member.id}`;
    const changed = await as(admin).send('PUT', path, { role: '  Finance lead ' });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ role: 'Finance lead' });
    const page = await (await as(admin).get(`/api/admin/organizations/${org.id}`)).json();
    expect(page.members[0].role).toBe('Finance lead');
    const [entry] = await (await as(admin).get('/api/admin/audit?page=1&pageSize=1')).json();
    expect(entry).toMatchObject({
      action: 'organization.change-role',
      targetName: 'Roles Inc',
      changes: { userEmail: 'role@roles.example', role: { from: 'Member', to: 'Finance lead' } },
    });
    const stranger = await createUser(t.db);
    expect(
      (await as(admin).send('PUT', `/api/admin/organization-users/${org.id}/${stranger.id}`, { role: 'X' })).status,
    ).toBe(404);
    expect((await as(client).send('PUT', path, { role: 'Boss' })).status).toBe(403);
  });

  it('refuses hostile roles with 422, and parallel changes leave one of them', async () => {
    const org = await createOrganization(t.db);
    const member = await createMember(t.db, org.id);
    const path = `/api/admin/organization-users/${org.id}/${member.id}`;
    for (const role of ['', '   ', 'a'.repeat(51), 'nul\u0000', '\ud800', 42, null])
      expect((await as(admin).send('PUT', path, { role })).status, JSON.stringify(role)).toBe(422);
    const roles = Array.from({ length: 8 }, (_, i) => `Role ${i}`);
    const answers = await Promise.all(roles.map((role) => as(admin).send('PUT', path, { role })));
    expect(answers.map((a) => a.status)).toEqual(roles.map(() => 200));
    const page = await (await as(admin).get(`/api/admin/organizations/${org.id}`)).json();
    expect(roles).toContain(page.members[0].role);
  });
});
