import * as schema from '@app/db/schema';
import { addMembership, createDashboard, createOrganization, createUser, linkDashboard } from '@app/db/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../testing/admin';

const now = new Date('2026-11-20T12:00:00Z');
const { t, admin, client, as, signIn } = useAdminTestApp({
  clock: { now: () => now },
  env: { BOOKING_TIMEZONE: 'Europe/Paris' },
});

const ids: Record<string, number> = {};

/**
 * Two client organizations and their views in November 2026 (Europe/Paris, UTC+1): the figures below are counted by
 * hand from these rows.
 */
beforeAll(async () => {
  const acme = await createOrganization(t.db, { name: '+Acme' });
  const beta = await createOrganization(t.db, { name: 'Beta' });
  const sales = await createDashboard(t.db, { name: '=HYPERLINK("https://evil.example","Sales")' });
  const ops = await createDashboard(t.db, { name: 'Ops' });
  const idle = await createDashboard(t.db, { name: 'Idle' });
  const old = await createDashboard(t.db, { name: 'Old' });
  const unlinked = await createDashboard(t.db, { name: 'Unlinked' });
  const pub = await createDashboard(t.db, { name: 'Public sample', isPublic: true });
  await linkDashboard(t.db, acme.id, sales.id);
  await linkDashboard(t.db, acme.id, ops.id);
  await linkDashboard(t.db, beta.id, ops.id);
  await linkDashboard(t.db, beta.id, idle.id);
  await linkDashboard(t.db, acme.id, old.id);
  const one = await signIn({ firstName: '@Ann', lastName: 'One' });
  const two = await signIn({ firstName: 'Bob' });
  const three = await signIn({ firstName: 'Cy' });
  await addMembership(t.db, acme.id, one.id);
  await addMembership(t.db, acme.id, two.id);
  await addMembership(t.db, beta.id, three.id);
  // Clients who have not signed in for 30 days, and people who are not such clients.
  const dormant = await createUser(t.db, { email: 'dormant@example.com', lastLoginAt: new Date('2026-09-01T00:00Z') });
  const never = await createUser(t.db, { email: 'never@example.com' });
  const dormantAdmin = await createUser(t.db, { isAdmin: true, lastLoginAt: new Date('2026-01-01T00:00Z') });
  const noOrganization = await createUser(t.db, { email: 'loner@example.com' });
  const deactivated = await createUser(t.db, { isActive: false });
  await addMembership(t.db, beta.id, dormant.id);
  await addMembership(t.db, acme.id, never.id);
  await addMembership(t.db, acme.id, dormantAdmin.id);
  await addMembership(t.db, acme.id, deactivated.id);
  Object.assign(ids, {
    acme: acme.id,
    beta: beta.id,
    sales: sales.id,
    ops: ops.id,
    idle: idle.id,
    old: old.id,
    unlinked: unlinked.id,
    pub: pub.id,
    one: one.id,
    two: two.id,
    three: three.id,
    dormant: dormant.id,
    never: never.id,
    noOrganization: noOrganization.id,
  });
  const view = (dashboardId: number, userId: number | null, at: string) => ({
    dashboardId,
    userId,
    viewedAt: new Date(at),
  });
  await t.db.insert(schema.dashboardViews).values([
    view(sales.id, one.id, '2026-11-02T10:00:00Z'),
    view(sales.id, one.id, '2026-11-02T15:00:00Z'),
    view(pub.id, null, '2026-11-03T10:00:00Z'),
    // 23:30 UTC on the 9th is 00:30 on the 10th in Paris.
    view(ops.id, one.id, '2026-11-09T23:30:00Z'),
    view(sales.id, two.id, '2026-11-10T08:00:00Z'),
    view(ops.id, three.id, '2026-11-16T09:00:00Z'),
    // An admin's looks are previews and a failed load is no use (D37): listed apart, counted nowhere else; the
    // dashboard only the team opened is still idle.
    { ...view(ops.id, admin.id, '2026-11-16T10:00:00Z'), byAdmin: true },
    { ...view(idle.id, admin.id, '2026-11-17T10:00:00Z'), byAdmin: true },
    { ...view(ops.id, two.id, '2026-11-18T10:00:00Z'), loaded: false },
    // Before the period.
    view(old.id, one.id, '2026-09-01T10:00:00Z'),
  ]);
});

interface Series {
  id: number;
  name: string;
  total: number;
  counts: number[];
}

const report = async (query: string) => {
  const response = await as(admin).get(`/api/admin/usage?${query}`);
  expect(response.status).toBe(200);
  return response.json();
};

describe('GET /api/admin/usage', () => {
  it('counts views per week, organization, dashboard and person, in the company time zone', async () => {
    const body = await report('from=2026-11-01&to=2026-11-20&groupBy=week');
    expect(body).toMatchObject({ from: '2026-11-01', to: '2026-11-20', groupBy: 'week', timeZone: 'Europe/Paris' });
    // 1 November 2026 is a Sunday: its week starts on Monday 26 October.
    expect(body.buckets).toEqual(['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16']);
    expect(body.totals).toEqual([0, 3, 2, 1]);
    const pick = (list: Series[]) => list.map(({ id, total, counts }) => ({ id, total, counts }));
    expect(pick(body.organizations)).toEqual([
      { id: ids.acme, total: 4, counts: [0, 2, 2, 0] },
      { id: ids.beta, total: 1, counts: [0, 0, 0, 1] },
    ]);
    expect(pick(body.dashboards)).toEqual([
      { id: ids.sales, total: 3, counts: [0, 2, 1, 0] },
      { id: ids.ops, total: 2, counts: [0, 0, 1, 1] },
      { id: ids.pub, total: 1, counts: [0, 1, 0, 0] },
    ]);
    expect(body.people.map((p: Series & { email: string }) => [p.id, p.name, p.total])).toEqual([
      [ids.one, '@Ann One', 3],
      [ids.two, 'Bob User', 1],
      [ids.three, 'Cy User', 1],
    ]);
    expect(body.personCount).toBe(3);
    expect(body).toMatchObject({
      previews: [
        { id: ids.ops, name: 'Ops', total: 1 },
        { id: ids.idle, name: 'Idle', total: 1 },
      ],
      previewCount: 2,
      previewViews: 2,
      failedLoads: [{ id: ids.ops, name: 'Ops', total: 1 }],
      failedLoadCount: 1,
      failedLoadViews: 1,
    });
  });

  it('puts a view on the day of the company zone, not of UTC', async () => {
    expect((await report('from=2026-11-10&to=2026-11-10')).totals).toEqual([2]);
    expect((await report('from=2026-11-09&to=2026-11-09')).totals).toEqual([0]);
    const days = await report('from=2026-11-01&to=2026-11-30&groupBy=day');
    expect(days.buckets).toHaveLength(30);
    expect(days.totals.reduce((a: number, b: number) => a + b, 0)).toBe(6);
  });

  it('lists the dashboards nobody opened in 30 days and the clients not signed in for 30 days', async () => {
    const body = await report('from=2026-11-01&to=2026-11-20');
    expect(body.idleDashboards).toEqual([
      { id: ids.idle, name: 'Idle', lastViewedAt: null },
      { id: ids.old, name: 'Old', lastViewedAt: '2026-09-01T10:00:00.000Z' },
    ]);
    expect(body.inactiveClients.map((c: { email: string }) => c.email)).toEqual([
      'never@example.com',
      'dormant@example.com',
    ]);
    expect(body.inactiveClients[1]).toMatchObject({
      id: ids.dormant,
      organizations: ['Beta'],
      lastLoginAt: '2026-09-01T00:00:00.000Z',
    });
  });

  it('defaults to the last 30 days by day', async () => {
    const body = await report('');
    expect(body).toMatchObject({ from: '2026-10-22', to: '2026-11-20', groupBy: 'day' });
    expect(body.buckets).toHaveLength(30);
  });

  it('answers 422 with a clear message for bad dates, a reversed or too long period and an unknown grouping', async () => {
    const cases: [string, string][] = [
      ['from=2026-13-01&to=2026-12-01', 'From must be a real date (yyyy-MM-dd)'],
      ['from=yesterday', 'From must be a date (yyyy-MM-dd)'],
      ['from=2026-11-01&to=2026-02-30', 'To must be a real date (yyyy-MM-dd)'],
      ['from=2026-11-20&to=2026-11-01', 'To must be on or after From'],
      ['from=2024-11-19&to=2026-11-20', 'The period can be at most 2 years'],
      ['from=1900-01-01&to=1900-02-01', 'From must be a date between 2000 and 2100'],
      ['groupBy=month', 'Group by must be day or week'],
      [`from=${'9'.repeat(5000)}`, 'From must be a date (yyyy-MM-dd)'],
      ['from=2026-11-01%00', 'From must be a date (yyyy-MM-dd)'],
    ];
    for (const [query, message] of cases) {
      for (const path of ['/api/admin/usage', '/api/admin/usage.csv']) {
        const response = await as(admin).get(`${path}?${query}`);
        expect(response.status, `${path}?${query}`).toBe(422);
        expect((await response.json()).message, query).toBe(message);
      }
    }
    // Two years exactly is allowed.
    expect((await as(admin).get('/api/admin/usage?from=2024-11-21&to=2026-11-20&groupBy=week')).status).toBe(200);
  });

  it('answers 401 to anonymous callers and 403 to clients', async () => {
    for (const path of ['/api/admin/usage', '/api/admin/usage.csv']) {
      expect((await as(null).get(path)).status).toBe(401);
      expect((await as(client).get(path)).status).toBe(403);
    }
  });
});

describe('GET /api/admin/usage.csv', () => {
  it('downloads the same figures, with formula-like names made text', async () => {
    const response = await as(admin).get('/api/admin/usage.csv?from=2026-11-01&to=2026-11-20&groupBy=week');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="usage-2026-11-01-to-2026-11-20-by-week.csv"',
    );
    const text = await response.text();
    expect(text.startsWith('\uFEFF"Section","Period"')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines).toContain('"Total","2026-11-02","","","","","3",""');
    expect(lines).toContain(`"Organization","2026-11-02","${ids.acme}","'+Acme","","","2",""`);
    expect(lines).toContain(
      `"Dashboard","2026-11-02","${ids.sales}","'=HYPERLINK(""https://evil.example"",""Sales"")","","","2",""`,
    );
    expect(lines.some((l) => l.startsWith(`"Person","2026-11-02","${ids.one}","'@Ann One","`))).toBe(true);
    expect(lines).toContain(`"Dashboard not opened in 30 days","","${ids.idle}","Idle","","","",""`);
    expect(lines).toContain(`"Preview by the team","","${ids.idle}","Idle","","","1",""`);
    expect(lines).toContain(`"Failed load","","${ids.ops}","Ops","","","1",""`);
    expect(lines.find((l) => l.includes('dormant@example.com'))).toBe(
      `"Client not signed in for 30 days","","${ids.dormant}","Test User","dormant@example.com","Beta","","2026-09-01T00:00:00.000Z"`,
    );
    // No cell of the file starts with a formula character once its quote is opened.
    for (const line of lines)
      for (const cell of line.split('","')) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@]/);
  });
});

describe('a client base larger than a list (decision 039)', () => {
  it('lists the 50 most viewed of each kind with how many there are, periods for the first five, and the CSV has all', async () => {
    const acme = ids.acme!;
    const sales = ids.sales!;
    const crowd = await Promise.all(
      Array.from({ length: 55 }, (_, i) =>
        createUser(t.db, { email: `crowd${String(i).padStart(2, '0')}@client.test`, lastLoginAt: now }),
      ),
    );
    for (const person of crowd) await addMembership(t.db, acme, person.id);
    // Person i opens Sales i + 1 times in June: every total differs, the last one is the busiest.
    await t.db.insert(schema.dashboardViews).values(
      crowd.flatMap((person, i) =>
        Array.from({ length: i + 1 }, (_, k) => ({
          dashboardId: sales,
          userId: person.id,
          viewedAt: new Date(Date.UTC(2026, 5, 1 + (k % 28), 9)),
        })),
      ),
    );
    const body = await report('from=2026-06-01&to=2026-06-30&groupBy=week');
    expect(body.personCount).toBe(55);
    expect(body.people).toHaveLength(50);
    expect(body.people.map((p: Series) => p.total)).toEqual(Array.from({ length: 50 }, (_, i) => 55 - i));
    expect(body.people.slice(0, 5).every((p: Series) => p.counts?.reduce((a, b) => a + b, 0) === p.total)).toBe(true);
    expect(body.people.slice(5).every((p: Series) => p.counts === undefined)).toBe(true);
    expect(body.organizationCount).toBe(1);
    expect(body.organizations[0]).toMatchObject({ id: acme, total: (55 * 56) / 2 });
    expect(body.totals.reduce((a: number, b: number) => a + b, 0)).toBe((55 * 56) / 2);

    const csv = await (await as(admin).get('/api/admin/usage.csv?from=2026-06-01&to=2026-06-30&groupBy=week')).text();
    const people = new Set(
      csv
        .split('\r\n')
        .filter((line) => line.startsWith('"Person"'))
        .map((line) => line.split('","')[2]),
    );
    expect(people.size).toBe(55);
  });
});
