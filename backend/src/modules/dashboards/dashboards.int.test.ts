import { schema } from '@app/db';
import { addMembership, createDashboard, createOrganization, createUser, linkDashboard } from '@app/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { silentLogger } from '../../lib/logger';
import { hashPassword } from '../auth/auth.service';
import { createPublicDashboardsCache } from './public-dashboards.cache';

let t: TestApp;
let passwordHash: string;
let now = new Date('2026-11-20T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => now } });
  passwordHash = await hashPassword('a fine password');
});
afterAll(async () => {
  await t.close();
});

async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, { passwordHash, accountSetupComplete: true, ...overrides });
  const response = await t.post('/api/auth/login', { email: user.email, password: 'a fine password' });
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  return { user, cookie };
}

describe('GET /api/dashboards/public', () => {
  it('lists only public dashboards, with id, name, category and type and nothing else', async () => {
    const shown = await createDashboard(t.db, {
      name: 'Enrollment',
      category: 'Education',
      type: 'Looker',
      isPublic: true,
    });
    await createDashboard(t.db, {
      name: 'Private numbers',
      isPublic: false,
      embedUrl: 'https://app.powerbi.com/secret',
    });
    const response = await t.get('/api/dashboards/public');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      { id: shown.id, name: 'Enrollment', category: 'Education', type: 'Looker' },
    ]);
  });
});

describe("a client's dashboards", () => {
  it('are those of their active organizations, each once, most recently viewed first', async () => {
    const { user, cookie } = await signedIn();
    const orgA = await createOrganization(t.db, { name: 'A' });
    const orgB = await createOrganization(t.db, { name: 'B' });
    const inactive = await createOrganization(t.db, { name: 'Gone', isActive: false });
    const other = await createOrganization(t.db, { name: 'Not mine' });
    for (const org of [orgA, orgB, inactive]) await addMembership(t.db, org.id, user.id);
    const alpha = await createDashboard(t.db, { name: 'Alpha', description: 'First' });
    const beta = await createDashboard(t.db, { name: 'Beta' });
    const hidden = await createDashboard(t.db, { name: 'Only via inactive' });
    const foreign = await createDashboard(t.db, { name: 'Foreign' });
    await linkDashboard(t.db, orgA.id, alpha.id);
    await linkDashboard(t.db, orgB.id, alpha.id);
    await linkDashboard(t.db, orgB.id, beta.id);
    await linkDashboard(t.db, inactive.id, hidden.id);
    await linkDashboard(t.db, other.id, foreign.id);

    const first = await (await t.get('/api/dashboards/organization', { cookie })).json();
    expect(first.map((d: { name: string }) => d.name)).toEqual(['Alpha', 'Beta']);
    expect(first[0]).toEqual({
      id: alpha.id,
      name: 'Alpha',
      category: 'Sales',
      type: 'PowerBI',
      description: 'First',
      thumbnailUrl: null,
      lastViewedAt: null,
    });

    now = new Date('2026-11-20T11:00:00Z');
    expect((await t.get(`/api/dashboards/${beta.id}`, { cookie })).status).toBe(200);
    const after = await (await t.get('/api/dashboards/organization', { cookie })).json();
    expect(after.map((d: { name: string }) => d.name)).toEqual(['Beta', 'Alpha']);
    expect(after[0].lastViewedAt).toBe('2026-11-20T11:00:00.000Z');
  });

  it('need a signed-in user', async () => {
    expect((await t.get('/api/dashboards/organization')).status).toBe(401);
  });
});

describe('GET /api/dashboards/{id} (D10)', () => {
  it("gives a member of organization A nothing of organization B's, nor what only an inactive organization has: 404", async () => {
    const { user, cookie } = await signedIn();
    const orgA = await createOrganization(t.db);
    const orgB = await createOrganization(t.db);
    const dormant = await createOrganization(t.db, { isActive: false });
    await addMembership(t.db, orgA.id, user.id);
    await addMembership(t.db, dormant.id, user.id);
    const mine = await createDashboard(t.db, { name: 'Mine', embedUrl: 'https://app.powerbi.com/view?r=mine' });
    const theirs = await createDashboard(t.db, { name: 'Theirs' });
    const stale = await createDashboard(t.db, { name: 'Stale' });
    await linkDashboard(t.db, orgA.id, mine.id);
    await linkDashboard(t.db, orgB.id, theirs.id);
    await linkDashboard(t.db, dormant.id, stale.id);

    const ok = await t.get(`/api/dashboards/${mine.id}`, { cookie });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      name: 'Mine',
      embedUrl: 'https://app.powerbi.com/view?r=mine',
      type: 'PowerBI',
    });
    for (const id of [theirs.id, stale.id, 999_999]) {
      const response = await t.get(`/api/dashboards/${id}`, { cookie });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Dashboard not found', issues: [] });
    }
    expect((await t.get('/api/dashboards/not-a-number', { cookie })).status).toBe(404);
    expect((await t.get(`/api/dashboards/${mine.id}`)).status).toBe(404);
  });

  it('lets anyone read a public dashboard and an admin read any, recording every view', async () => {
    const sample = await createDashboard(t.db, { isPublic: true });
    const secret = await createDashboard(t.db);
    expect((await t.get(`/api/dashboards/${sample.id}`)).status).toBe(200);
    const { user: admin, cookie } = await signedIn({ isAdmin: true });
    expect((await t.get(`/api/dashboards/${secret.id}`, { cookie })).status).toBe(200);
    const views = await t.db
      .select()
      .from(schema.dashboardViews)
      .where(eq(schema.dashboardViews.dashboardId, secret.id));
    expect(views).toMatchObject([{ userId: admin.id }]);
    const anonymous = await t.db
      .select()
      .from(schema.dashboardViews)
      .where(eq(schema.dashboardViews.dashboardId, sample.id));
    expect(anonymous).toMatchObject([{ userId: null }]);
  });
});

describe('the cached public list', () => {
  it('changes on every API replica as soon as an admin changes a dashboard', async () => {
    {
      // Another API replica: its own cache on the same database and Redis.
      const replica = createPublicDashboardsCache({
        db: t.db,
        redis: t.deps.redis,
        prefix: t.queuePrefix,
        logger: silentLogger,
      });
      const names = async () =>
        (JSON.parse(new TextDecoder().decode(await replica.get())) as { name: string }[]).map((d) => d.name);
      await new Promise((r) => setTimeout(r, 200)); // the replica's subscription is in place
      const before = await names();
      const { cookie } = await signedIn({ isAdmin: true });
      const created = await t.request(
        'POST',
        '/api/admin/dashboards',
        {
          name: 'Fresh sample',
          category: 'Finance',
          type: 'Looker',
          embedUrl: 'https://lookerstudio.google.com/x',
          isPublic: true,
        },
        { cookie },
      );
      expect(created.status).toBe(201);
      await new Promise((r) => setTimeout(r, 200));
      expect(await names()).toEqual([...before, 'Fresh sample']);
      expect((await (await t.get('/api/dashboards/public')).json()).map((d: { name: string }) => d.name)).toContain(
        'Fresh sample',
      );
      await replica.close();
    }
  });
});
