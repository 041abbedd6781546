import * as schema from '@app/db/schema';
import { addMembership, createDashboard, createOrganization, createUser, linkDashboard } from '@app/db/testing';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../testing/admin';

const { t, as, admin } = useAdminTestApp();

describe('organizations', () => {
  it('are created, updated, deactivated and listed active first; the name is required', async () => {
    const created = await as(admin).send('POST', '/api/admin/organizations', {
      name: ' Acme ',
      domain: 'acme.test',
      logoUrl: '',
    });
    expect(created.status).toBe(201);
    const acme = await created.json();
    expect(acme).toMatchObject({ name: 'Acme', domain: 'acme.test', logoUrl: null, isActive: true });
    const updated = await as(admin).send('PUT', `/api/admin/organizations/${acme.id}`, {
      name: 'Acme Inc',
      domain: '',
      logoUrl: '/logo.svg',
    });
    expect(await updated.json()).toMatchObject({ name: 'Acme Inc', domain: null, logoUrl: '/logo.svg' });
    const toggled = await as(admin).send('POST', `/api/admin/organizations/${acme.id}/toggle-status`);
    expect((await toggled.json()).isActive).toBe(false);
    await as(admin).send('POST', '/api/admin/organizations', { name: 'Zeta' });
    const list = await (await as(admin).get('/api/admin/organizations')).json();
    expect(list.at(-1).name).toBe('Acme Inc');

    const empty = await as(admin).send('POST', '/api/admin/organizations', { name: '  ' });
    expect(empty.status).toBe(422);
    expect((await empty.json()).message).toBe('Organization name is required');
    const badLogo = await as(admin).send('POST', '/api/admin/organizations', {
      name: 'Y',
      logoUrl: 'http://x.test/a.png',
    });
    expect((await badLogo.json()).message).toBe('The logo URL must be an https address or a path on this site');
    expect((await as(admin).send('PUT', '/api/admin/organizations/999999', { name: 'Nobody' })).status).toBe(404);
  });
});

describe('the organizations list (issue 27)', () => {
  it('says how many members and dashboards each has and whether it has SSO, on every page', async () => {
    const token = crypto.randomUUID().slice(0, 8);
    const big = await createOrganization(t.db, { name: `Counted ${token} A` });
    const empty = await createOrganization(t.db, { name: `Counted ${token} B` });
    const other = await createOrganization(t.db, { name: `Counted ${token} C`, isActive: false });
    for (let i = 0; i < 3; i++) await addMembership(t.db, big.id, (await createUser(t.db)).id);
    await addMembership(t.db, other.id, (await createUser(t.db)).id);
    for (let i = 0; i < 2; i++) await linkDashboard(t.db, big.id, (await createDashboard(t.db)).id);
    // A dashboard shared by two organizations counts for each.
    const shared = await createDashboard(t.db);
    await linkDashboard(t.db, big.id, shared.id);
    await linkDashboard(t.db, other.id, shared.id);
    await t.db.insert(schema.organizationSso).values({
      organizationId: big.id,
      issuer: 'https://login.example.test',
      clientId: 'app',
      clientSecret: 'v1.sealed',
    });

    const counts = (rows: { name: string; memberCount: number; dashboardCount: number; ssoEnabled: boolean }[]) =>
      rows.map(({ name, memberCount, dashboardCount, ssoEnabled }) => [name, memberCount, dashboardCount, ssoEnabled]);
    const response = await as(admin).get(`/api/admin/organizations?q=Counted%20${token}&page=1&pageSize=25`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total-count')).toBe('3');
    expect(counts(await response.json())).toEqual([
      [big.name, 3, 3, true],
      [empty.name, 0, 0, false],
      [other.name, 1, 1, false],
    ]);
    // A later page, and another order, count the same.
    const second = await as(admin).get(
      `/api/admin/organizations?q=Counted%20${token}&page=2&pageSize=1&sort=name&order=desc`,
    );
    expect(counts(await second.json())).toEqual([[empty.name, 0, 0, false]]);
    // The list without a page (the pickers') carries them too.
    const all = await (await as(admin).get('/api/admin/organizations')).json();
    expect(counts(all.filter((o: { id: number }) => o.id === big.id))).toEqual([[big.name, 3, 3, true]]);
  });
});
