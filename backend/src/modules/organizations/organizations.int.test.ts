import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../testing/admin';

const { as, admin } = useAdminTestApp();

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
