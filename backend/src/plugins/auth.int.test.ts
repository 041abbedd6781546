import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../testing/admin';

const { as, client } = useAdminTestApp();

describe('the admin guard', () => {
  const endpoints: [string, string, unknown?][] = [
    ['GET', '/api/admin/organizations'],
    ['POST', '/api/admin/organizations', { name: 'X' }],
    ['PUT', '/api/admin/organizations/1', { name: 'X' }],
    ['POST', '/api/admin/organizations/1/toggle-status'],
    ['GET', '/api/admin/dashboards-direct'],
    ['POST', '/api/admin/dashboards', {}],
    ['PUT', '/api/admin/dashboards/1', {}],
    ['DELETE', '/api/admin/dashboards/1'],
    ['GET', '/api/admin/users'],
    ['POST', '/api/admin/users', { email: 'a@b.co' }],
    ['PUT', '/api/admin/users/1', { email: 'a@b.co' }],
    ['POST', '/api/admin/users/1/toggle-admin', { isAdmin: true }],
    ['POST', '/api/admin/users/1/toggle-status', { isActive: true }],
    ['DELETE', '/api/admin/users/1'],
    ['POST', '/api/admin/organization-users', { organizationId: 1, userId: 1 }],
    ['GET', '/api/admin/organization-dashboards'],
    ['POST', '/api/admin/organization-dashboards', { organizationId: 1, dashboardId: 1 }],
    ['DELETE', '/api/admin/organization-dashboards/1/1'],
    ['DELETE', '/api/admin/organization-users/1/1'],
    ['POST', '/api/admin/send-registration-email', { email: 'a@b.co' }],
    ['POST', '/api/admin/send-password-reset', { email: 'a@b.co' }],
    ['GET', '/api/admin/audit'],
  ];
  it.each(endpoints)('answers %s %s with 401 to anonymous callers and 403 to clients', async (method, path, body) => {
    expect((await as(null).send(method, path, body)).status).toBe(401);
    const forbidden = await as(client).send(method, path, body);
    expect(forbidden.status).toBe(403);
    expect((await forbidden.json()).message).toBe('Administrator access required');
  });
});
