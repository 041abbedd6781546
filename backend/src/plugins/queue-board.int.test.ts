import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../testing/admin';

const { t, admin, client, as } = useAdminTestApp();
const cookie = () => admin.cookie;

const isPaused = async () =>
  (await (await t.get('/admin/queues/api/queues', { cookie: cookie() })).json()).queues.find(
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
        cookie: cookie(),
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
        cookie: cookie(),
        origin: 'http://evil.test',
      },
    );
    expect(added.status).toBe(403);
    expect(await isPaused()).toBe(false);
    // From the site itself it works.
    const paused = await t.request('PUT', '/admin/queues/api/queues/emails/pause', undefined, { cookie: cookie() });
    expect(paused.status).toBe(200);
    expect(await isPaused()).toBe(true);
    await t.request('PUT', '/admin/queues/api/queues/emails/resume', undefined, { cookie: cookie() });
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
      const response = await t.request('POST', '/admin/queues/api/queues/emails/add', body, {
        cookie: cookie(),
        ...headers,
      });
      expect(response.status, body).toBe(status);
      expect((await response.json()).message, body).toMatch(/JSON|name/);
    }
  });

  it('loads no fonts or styles from elsewhere, allows only this origin, and links back to /admin', async () => {
    const page = await t.get('/admin/queues', { cookie: cookie() });
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

  it('is shown to admins, refused to clients and sends anonymous visitors to sign in', async () => {
    const page = await as(admin).get('/admin/queues');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const api = await as(admin).get('/admin/queues/api/queues');
    expect(api.status).toBe(200);
    const names = (await api.json()).queues.map((q: { name: string }) => q.name).sort();
    expect(names).toEqual(['calendar', 'domain-events', 'emails', 'looker-sharing', 'reports', 'subscriptions']);
    expect((await as(client).get('/admin/queues')).status).toBe(403);
    const anonymous = await as(null).get('/admin/queues');
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe('/login?redirect=%2Fadmin%2Fqueues');
    // Every path of the board, its API and its assets, is behind the same check.
    for (const path of ['/admin/queues/api/queues', '/admin/queues/queue/emails', '/admin/queues/static/favicon.ico']) {
      expect((await as(null).get(path)).status, path).toBe(302);
      expect((await as(client).get(path)).status, path).toBe(403);
    }
  });

  it("sits in the admin's look: the product's theme, its title and a labelled way back (issue 27)", async () => {
    const html = await (await as(admin).get('/admin/queues')).text();
    expect(html).toContain('<title>Queues | Lucid Insight</title>');
    expect(html).toMatch(/<nav aria-label="Administration"[^>]*><a href="\/admin" data-testid="queue-board-back"/);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('&larr; Back to admin');
    // The theme is read before the board's own scripts run, from a file of this origin (the policy allows no other).
    const script = html.indexOf('<script src="/admin/queues/lucid-theme.js"></script>');
    expect(script).toBeGreaterThan(-1);
    expect(script).toBeLessThan(html.indexOf('static/js/main'));
    const theme = await as(admin).get('/admin/queues/lucid-theme.js');
    expect(theme.status).toBe(200);
    expect(theme.headers.get('content-type')).toContain('javascript');
    const code = await theme.text();
    expect(code).toContain("localStorage.getItem('theme')");
    expect(code).toContain('board-settings');
    expect((await as(client).get('/admin/queues/lucid-theme.js')).status).toBe(403);
    // Without the app served (API tests), a client's page load still gets the JSON refusal.
    const refused = await t.get('/admin/queues', { cookie: client.cookie, accept: 'text/html' });
    expect(refused.status).toBe(403);
  });
});
