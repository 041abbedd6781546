import { createUser } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app';
import { hashPassword } from '../modules/auth/auth.service';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.db, {
    passwordHash: await hashPassword('admin password 1'),
    accountSetupComplete: true,
    isAdmin: true,
  });
  const response = await t.post('/api/auth/login', { email: user.email, password: 'admin password 1' });
  cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
});
afterAll(async () => {
  await t.close();
});

const isPaused = async () =>
  (await (await t.get('/admin/queues/api/queues', { cookie })).json()).queues.find(
    (q: { name: string }) => q.name === 'emails',
  ).isPaused;

describe('the queue board (/admin/queues)', () => {
  it('refuses its state-changing routes from another origin (D9), before doing anything', async () => {
    const origins: Record<string, string>[] = [
      { origin: 'http://evil.test' },
      { origin: '' },
      { origin: '', 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of origins) {
      const refused = await t.request('PUT', '/admin/queues/api/queues/emails/pause', undefined, {
        cookie,
        ...headers,
      });
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect((await refused.json()).message).toBe('This request must come from the site itself.');
    }
    const added = await t.request(
      'POST',
      '/admin/queues/api/queues/emails/add',
      { name: 'x', data: {} },
      {
        cookie,
        origin: 'http://evil.test',
      },
    );
    expect(added.status).toBe(403);
    expect(await isPaused()).toBe(false);
    // From the site itself it works.
    const paused = await t.request('PUT', '/admin/queues/api/queues/emails/pause', undefined, { cookie });
    expect(paused.status).toBe(200);
    expect(await isPaused()).toBe(true);
    await t.request('PUT', '/admin/queues/api/queues/emails/resume', undefined, { cookie });
  });

  it('answers a body that is not a JSON object, or a job without a name, with 4xx and a message', async () => {
    const cases: [string, Record<string, string>, number][] = [
      ['name=x', { 'content-type': 'text/plain' }, 415],
      ['name=x', { 'content-type': 'application/x-www-form-urlencoded' }, 415],
      ['[1,2]', { 'content-type': 'application/json' }, 422],
      ['"text"', { 'content-type': 'application/json' }, 422],
      ['{}', { 'content-type': 'application/json' }, 422],
      ['{"name":""}', { 'content-type': 'application/json' }, 422],
      ['{"name":5}', { 'content-type': 'application/json' }, 422],
    ];
    for (const [body, headers, status] of cases) {
      const response = await t.request('POST', '/admin/queues/api/queues/emails/add', body, { cookie, ...headers });
      expect(response.status, body).toBe(status);
      expect((await response.json()).message, body).toMatch(/JSON|name/);
    }
  });

  it('loads no fonts or styles from elsewhere, allows only this origin, and links back to /admin', async () => {
    const page = await t.get('/admin/queues', { cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toMatch(/fonts\.googleapis|fonts\.gstatic/);
    expect(html).not.toMatch(/(?:src|href)="https?:/);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("font-src 'self'");
    expect(policy).not.toMatch(/https?:/);
    const config = JSON.parse(
      /<script id="__UI_CONFIG__" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!,
    );
    expect(config.miscLinks).toEqual([{ text: 'Back to admin', url: '/admin' }]);
  });
});
