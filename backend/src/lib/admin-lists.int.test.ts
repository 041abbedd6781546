import { isPublicShareLink } from '@app/contracts';
import * as schema from '@app/db/schema';
import { addMembership, createDashboard, createOrganization, createUser, linkDashboard } from '@app/db/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { itGuardsTheList, useAdminTestApp } from '../../testing/admin';

/** Issue 18: every admin list is paged, filtered and sorted by the server, with its total in X-Total-Count. */
const app = useAdminTestApp();
const { t, as, admin, client } = app;

const get = async (path: string) => {
  const response = await as(admin).get(path);
  const body = await response.json();
  return { status: response.status, body, total: response.headers.get('x-total-count') };
};
const emails = (rows: { email: string }[]) => rows.map((row) => row.email);

// Every user of this file's lists is on this domain; the two signed-in accounts are elsewhere (example.com).
const DOMAIN = 'lists.test';

beforeAll(async () => {
  const db = t.db;
  const acme = await createOrganization(db, { name: 'Acme 100% Ltd' });
  const beta = await createOrganization(db, { name: 'Beta_Corp', isActive: false });
  const rows: [string, string, string, Partial<typeof schema.users.$inferInsert>][] = [
    ['ann', 'Ann', 'Able', { isAdmin: true }],
    ['bob', 'Bob', 'Baker', { hasLoggedIn: true, lastLoginAt: new Date('2026-01-02T10:00:00Z') }],
    ['cat', 'Cat', 'Able', { isActive: false, accountSetupComplete: true }],
    ['dan', 'Dan', "O'Hara", { hasLoggedIn: true, lastLoginAt: new Date('2026-01-01T10:00:00Z') }],
    ['eve', 'Ève', 'Zoë', {}],
    ['fay', 'Fay', '100%', {}],
    ['gus', 'Gus', 'a_b', {}],
  ];
  for (const [local, firstName, lastName, rest] of rows) {
    const user = await createUser(db, { email: `${local}@${DOMAIN}`, firstName, lastName, ...rest });
    if (['ann', 'bob', 'cat'].includes(local)) await addMembership(db, acme.id, user.id);
    if (local === 'dan') await addMembership(db, beta.id, user.id);
  }
  const sales = await createDashboard(db, { name: 'Sales Pulse', category: 'Sales', type: 'PowerBI', isPublic: true });
  const hr = await createDashboard(db, {
    name: 'HR Board',
    category: 'HR',
    type: 'Tableau',
    embedUrl: 'https://public.tableau.com/views/x',
  });
  const ops = await createDashboard(db, {
    name: 'Ops 50%',
    category: 'Operations',
    type: 'Custom',
    embedUrl: 'https://example.com/embed/ops',
  });
  await linkDashboard(db, acme.id, sales.id);
  await linkDashboard(db, acme.id, hr.id);
  await linkDashboard(db, beta.id, ops.id);
  const views = [sales.id, sales.id, sales.id, hr.id].map((dashboardId) => ({ dashboardId, userId: admin.id }));
  await db.insert(schema.dashboardViews).values(views);
});

describe('GET /api/admin/users as a list', () => {
  it('answers a page of pageSize rows with the total in X-Total-Count, and every row without page', async () => {
    const first = await get(`/api/admin/users?page=1&pageSize=3&q=${DOMAIN}&sort=email`);
    expect(first.status).toBe(200);
    expect(first.total).toBe('7');
    expect(emails(first.body)).toEqual(['ann@lists.test', 'bob@lists.test', 'cat@lists.test']);
    const third = await get(`/api/admin/users?page=3&pageSize=3&q=${DOMAIN}&sort=email`);
    expect(emails(third.body)).toEqual(['gus@lists.test']);
    const past = await get(`/api/admin/users?page=99&pageSize=3&q=${DOMAIN}`);
    expect(past.body).toEqual([]);
    expect(past.total).toBe('7');
    // Without page: the whole list, every user, as the spec's screens expect.
    const whole = await get('/api/admin/users');
    expect(whole.body).toHaveLength(9);
    expect(whole.total).toBe('9');
    // The rows keep their shape: organizations included.
    const ann = first.body[0];
    expect(ann.organizations).toEqual([{ id: expect.any(Number), name: 'Acme 100% Ltd' }]);
    const defaultSize = await get('/api/admin/users?page=1');
    expect(defaultSize.body).toHaveLength(9);
  });

  it('sorts by each key both ways, ties broken by id ascending', async () => {
    const asc = await get(`/api/admin/users?q=${DOMAIN}&sort=name&order=asc`);
    expect(asc.body.map((u: { firstName: string }) => u.firstName)).toEqual([
      'Ann',
      'Bob',
      'Cat',
      'Dan',
      'Fay',
      'Gus',
      'Ève',
    ]);
    // Ties (isAdmin false for six) come in id order whichever the direction.
    const admins = await get(`/api/admin/users?q=${DOMAIN}&sort=isAdmin&order=desc`);
    const ids = admins.body.map((u: { id: number }) => u.id);
    expect(admins.body[0].email).toBe('ann@lists.test');
    expect(ids.slice(1)).toEqual([...ids.slice(1)].sort((a, b) => a - b));
    const adminsAsc = await get(`/api/admin/users?q=${DOMAIN}&sort=isAdmin&order=asc`);
    expect(adminsAsc.body.map((u: { id: number }) => u.id).slice(0, 6)).toEqual(ids.slice(1));
    // 'Never' is the oldest login: first ascending, last descending.
    const logins = await get(`/api/admin/users?q=${DOMAIN}&sort=lastLoginAt&order=desc`);
    expect(emails(logins.body).slice(0, 2)).toEqual(['bob@lists.test', 'dan@lists.test']);
    const loginsAsc = await get(`/api/admin/users?q=${DOMAIN}&sort=lastLoginAt&order=asc`);
    expect(emails(loginsAsc.body).slice(-2)).toEqual(['dan@lists.test', 'bob@lists.test']);
    const emailDesc = await get(`/api/admin/users?q=${DOMAIN}&sort=email&order=desc&page=1&pageSize=2`);
    expect(emails(emailDesc.body)).toEqual(['gus@lists.test', 'fay@lists.test']);
  });

  it('applies every filter', async () => {
    const only = async (query: string) =>
      emails((await get(`/api/admin/users?q=${DOMAIN}&sort=email&${query}`)).body).map((e) => e.split('@')[0]);
    expect(await only('userType=admin')).toEqual(['ann']);
    expect(await only('userType=user')).toHaveLength(6);
    expect(await only('status=inactive')).toEqual(['cat']);
    expect(await only('status=active')).not.toContain('cat');
    expect(await only('login=logged-in')).toEqual(['bob', 'dan']);
    expect(await only('login=never')).toEqual(['ann', 'cat', 'eve', 'fay', 'gus']);
    expect(await only('setup=complete')).toEqual(['cat']);
    expect(await only('email=BO')).toEqual(['bob']);
    expect(await only('name=able')).toEqual(['ann', 'cat']);
    expect(await only('name=ann%20able')).toEqual(['ann']);
    const acme = (await get('/api/admin/organizations?q=acme')).body[0];
    expect(await only(`organization=${acme.id}`)).toEqual(['ann', 'bob', 'cat']);
    expect(await only(`organization=${acme.id}&status=active&login=logged-in`)).toEqual(['bob']);
  });

  it('searches q literally and case-insensitively: % and _ match only themselves, quotes and unicode work', async () => {
    const q = async (text: string) =>
      emails((await get(`/api/admin/users?sort=email&q=${encodeURIComponent(text)}`)).body).map((e) => e.split('@')[0]);
    expect(await q('100%')).toEqual(['fay']);
    expect(await q('%')).toEqual(['fay']);
    expect(await q('a_b')).toEqual(['gus']);
    expect(await q('_')).toEqual(['gus']);
    expect(await q("o'hara")).toEqual(['dan']);
    expect(await q('ZOË')).toEqual(['eve']);
    expect(await q('  BOB  ')).toEqual(['bob']);
    expect(await q('\\')).toEqual([]);
    expect(await q('nobody-at-all')).toEqual([]);
  });

  itGuardsTheList(app, '/api/admin/users', [
    ['page=0', 'page must be a whole number from 1 to 1,000,000'],
    ['page=-1', 'page must be a whole number'],
    ['page=abc', 'page must be a whole number'],
    ['page=1e309', 'page must be a whole number'],
    ['page=99999999999999999999', 'page must be a whole number'],
    ['page=1.5', 'page must be a whole number'],
    ['page=1&pageSize=0', 'pageSize must be a whole number from 1 to 100'],
    ['page=1&pageSize=101', 'pageSize must be a whole number from 1 to 100'],
    ['page=1&pageSize=1e309', 'pageSize must be a whole number from 1 to 100'],
    ['sort=password', 'sort must be one of email, name, lastLoginAt, isAdmin, createdAt, id'],
    ['sort=email&order=up', 'order must be asc or desc'],
    ['q=%00', 'q must not contain a NUL character'],
    [`q=${'x'.repeat(201)}`, 'q must be at most 200 characters'],
    ['userType=root', 'userType must be one of admin, user'],
    ['organization=abc', 'organization must be a whole number'],
    ['organization=99999999999', 'organization must be a whole number'],
  ]);
});

describe('the other admin lists', () => {
  it('organizations: active first by default, sorted, filtered by status, searched, paged', async () => {
    const all = await get('/api/admin/organizations');
    expect(all.body.at(-1).name).toBe('Beta_Corp');
    const inactive = await get('/api/admin/organizations?status=inactive&page=1');
    expect(inactive.body.map((o: { name: string }) => o.name)).toEqual(['Beta_Corp']);
    expect(inactive.total).toBe('1');
    const byName = await get('/api/admin/organizations?sort=name&order=desc&page=1&pageSize=1');
    expect(byName.body[0].name).toBe('Beta_Corp');
    expect(byName.total).toBe('2');
    expect((await get('/api/admin/organizations?q=_')).body.map((o: { name: string }) => o.name)).toEqual([
      'Beta_Corp',
    ]);
    expect((await get('/api/admin/organizations?q=%25')).body).toHaveLength(1);
    expect((await get('/api/admin/organizations?sort=email')).status).toBe(422);
    expect((await as(client).get('/api/admin/organizations?page=1')).status).toBe(403);
  });

  it('dashboards: filters by name, category, type, visibility and embedding; view counts per row; sorted', async () => {
    const names = async (query: string) =>
      (await get(`/api/admin/dashboards-direct?${query}`)).body.map((d: { name: string }) => d.name);
    expect(await names('sort=name')).toEqual(['HR Board', 'Ops 50%', 'Sales Pulse']);
    expect(await names('sort=name&order=desc')).toEqual(['Sales Pulse', 'Ops 50%', 'HR Board']);
    expect(await names('category=HR')).toEqual(['HR Board']);
    expect(await names('type=Custom')).toEqual(['Ops 50%']);
    expect(await names('visibility=public')).toEqual(['Sales Pulse']);
    expect(await names('visibility=private&sort=name')).toEqual(['HR Board', 'Ops 50%']);
    expect(await names('embed=public-link&sort=name')).toEqual(['HR Board', 'Sales Pulse']);
    expect(await names('embed=url&sort=name')).toHaveLength(3);
    expect(await names('embed=powerbi')).toEqual([]);
    expect(await names('name=50%25')).toEqual(['Ops 50%']);
    expect(await names('q=pulse')).toEqual(['Sales Pulse']);
    const page = await get('/api/admin/dashboards-direct?page=1&pageSize=2&sort=name');
    expect(page.total).toBe('3');
    expect(page.body.map((d: { viewCount: number }) => d.viewCount)).toEqual([1, 0]);
    expect((await get('/api/admin/dashboards-direct?sort=name&q=sales')).body[0].viewCount).toBe(3);
    expect((await get('/api/admin/dashboards-direct?category=Toys')).status).toBe(422);
    expect((await as(client).get('/api/admin/dashboards-direct?page=1')).status).toBe(403);
  });

  it('dashboards: the public-link filter agrees with isPublicShareLink', async () => {
    const urls = [
      'https://app.powerbi.com/view?r=abc',
      'https://app.powerbi.com/reportEmbed?reportId=1',
      'https://public.tableau.com/views/a/b',
      'https://lookerstudio.google.com/embed/reporting/1',
      'https://metabase.example.com/public/dashboard/abc',
      'https://metabase.example.com/embed/dashboard/abc',
      'https://example.com/x?r=1',
    ];
    const made = [];
    for (const embedUrl of urls)
      made.push(await createDashboard(t.db, { name: `Share check ${made.length}`, embedUrl }));
    const listed = (await get('/api/admin/dashboards-direct?embed=public-link&q=share%20check')).body;
    const expected = made.filter((d) => isPublicShareLink(d.embedUrl)).map((d) => d.id);
    expect(listed.map((d: { id: number }) => d.id).sort()).toEqual(expected.sort());
    expect(expected).toHaveLength(4);
    await t.db.delete(schema.dashboards).where(
      (await import('drizzle-orm')).inArray(
        schema.dashboards.id,
        made.map((d) => d.id),
      ),
    );
  });

  it('associations: filtered by organization, dashboard, category and type; sorted; paged', async () => {
    const links = async (query: string) => (await get(`/api/admin/organization-dashboards?${query}`)).body;
    const all = await links('');
    expect(all.map((l: { dashboardName: string }) => l.dashboardName)).toEqual(['HR Board', 'Sales Pulse', 'Ops 50%']);
    const acmeId = all[0].organizationId;
    expect(await links(`organization=${acmeId}`)).toHaveLength(2);
    expect(await links(`dashboard=${all[2].dashboardId}`)).toHaveLength(1);
    expect((await links('category=HR'))[0].dashboardName).toBe('HR Board');
    expect((await links('type=Custom'))[0].dashboardName).toBe('Ops 50%');
    expect((await links('q=beta_')).map((l: { dashboardName: string }) => l.dashboardName)).toEqual(['Ops 50%']);
    const sorted = await links('sort=dashboardName&order=desc');
    expect(sorted.map((l: { dashboardName: string }) => l.dashboardName)).toEqual([
      'Sales Pulse',
      'Ops 50%',
      'HR Board',
    ]);
    const page = await get('/api/admin/organization-dashboards?page=2&pageSize=2&sort=dashboardName');
    expect(page.total).toBe('3');
    expect(page.body.map((l: { dashboardName: string }) => l.dashboardName)).toEqual(['Sales Pulse']);
    expect((await get('/api/admin/organization-dashboards?sort=id')).status).toBe(422);
    expect((await as(client).get('/api/admin/organization-dashboards?page=1')).status).toBe(403);
  });

  it('audit: newest first, filtered by actor, action, target type and dates, searched, paged', async () => {
    const made = await as(admin).send('POST', '/api/admin/organizations', { name: 'Audited 1' });
    expect(made.status).toBe(201);
    await as(admin).send('POST', '/api/admin/organizations', { name: 'Audited 2' });
    const first = await get('/api/admin/audit?page=1&pageSize=1');
    expect(first.total).toBe('2');
    expect(first.body[0].targetName).toBe('Audited 2');
    const oldest = await get('/api/admin/audit?sort=createdAt&order=asc');
    expect(oldest.body[0].targetName).toBe('Audited 1');
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`/api/admin/audit?from=${today}&to=${today}`)).body).toHaveLength(2);
    expect((await get('/api/admin/audit?to=2000-01-01')).body).toHaveLength(0);
    expect((await get(`/api/admin/audit?actor=${admin.email.slice(0, 8)}`)).body).toHaveLength(2);
    expect((await get('/api/admin/audit?actor=someone-else')).body).toHaveLength(0);
    expect((await get('/api/admin/audit?targetType=organization&action=create')).body).toHaveLength(2);
    expect((await get('/api/admin/audit?q=audited%202')).body).toHaveLength(1);
    expect((await get('/api/admin/audit?from=2026-02-30')).status).toBe(422);
    expect((await get('/api/admin/audit?sort=changes')).status).toBe(422);
    expect((await as(client).get('/api/admin/audit?page=1')).status).toBe(403);
  });

  it('answers parallel page requests consistently (no page overlaps or gaps)', async () => {
    const pages = await Promise.all(
      [1, 2, 3, 4, 5].map((page) => get(`/api/admin/users?page=${page}&pageSize=2&sort=isAdmin`)),
    );
    const ids = pages.flatMap((p) => p.body.map((u: { id: number }) => u.id));
    expect(new Set(ids).size).toBe(9);
  });

  it('documents the query, the X-Total-Count header and the 422 in OpenAPI', async () => {
    const spec = await (await as(admin).get('/api/docs/json')).json();
    for (const path of [
      '/api/admin/users',
      '/api/admin/organizations',
      '/api/admin/dashboards-direct',
      '/api/admin/organization-dashboards',
      '/api/admin/audit',
      '/api/admin/consultations',
      '/api/admin/leads',
    ]) {
      const get = spec.paths[path].get;
      expect(get.responses['200'].headers['X-Total-Count'].schema.type, path).toBe('integer');
      expect(get.responses['200'].content, path).toBeDefined();
      expect(get.responses['422'], path).toBeDefined();
      const names = get.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`);
      expect(names, path).toEqual(expect.arrayContaining(['query:page', 'query:pageSize', 'query:sort', 'query:q']));
    }
  });
});
