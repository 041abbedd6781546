import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../testing/admin';

const { as, admin } = useAdminTestApp();

describe('Cache-Control of API answers', () => {
  it.each([
    ['GET', '/api/auth/user'],
    ['GET', '/api/admin/organizations'],
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/audit'],
    ['GET', '/api/dashboards/999999'],
    ['GET', '/admin/queues/api/queues'],
    ['POST', '/api/admin/organizations'],
  ])('%s %s to a signed-in person: no-store', async (method, path) => {
    const response = await as(admin).send(method, path, method === 'POST' ? { name: 'Acme' } : undefined);
    expect(response.status).toBeLessThan(500);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps the public policy of answers that are the same for everyone', async () => {
    expect((await as(admin).get('/api/config')).headers.get('cache-control')).toBe('public, max-age=60');
    expect((await as(admin).get('/api/dashboards/public')).headers.get('cache-control')).toBe('public, max-age=60');
    expect((await as(admin).get('/robots.txt')).headers.get('cache-control')).toBe('public, max-age=3600');
  });
});
