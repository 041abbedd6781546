import { createUser } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app';
import { hashPassword } from '../modules/auth/auth.service';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, {
    passwordHash: await hashPassword('admin password 1'),
    accountSetupComplete: true,
    isAdmin: true,
  });
  const response = await t.post('/api/auth/login', { email: admin.email, password: 'admin password 1' });
  cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
});
afterAll(async () => {
  await t.close();
});

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
    const response = await t.request(method, path, method === 'POST' ? { name: 'Acme' } : undefined, { cookie });
    expect(response.status).toBeLessThan(500);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps the public policy of answers that are the same for everyone', async () => {
    expect((await t.get('/api/config', { cookie })).headers.get('cache-control')).toBe('public, max-age=60');
    expect((await t.get('/api/dashboards/public', { cookie })).headers.get('cache-control')).toBe('public, max-age=60');
    expect((await t.get('/robots.txt', { cookie })).headers.get('cache-control')).toBe('public, max-age=3600');
  });
});
