import * as schema from '@app/db/schema';
import { addMembership, createDashboard, createOrganization, linkDashboard } from '@app/db/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountsWithPassword } from '../../../testing/accounts';
import { useTestApp } from '../../../testing/app';

const t = useTestApp();
const { signIn } = accountsWithPassword(t, 'a fine password');

/** A signed-in member of a new organization that sees one new dashboard. */
async function memberWithDashboard(orgName = 'Acme') {
  const { user, cookie } = await signIn();
  const org = await createOrganization(t.db, { name: orgName, logoUrl: 'https://cdn.example.com/acme.png' });
  await addMembership(t.db, org.id, user.id);
  const dashboard = await createDashboard(t.db, { name: `${orgName} sales` });
  await linkDashboard(t.db, org.id, dashboard.id);
  return { user, cookie, org, dashboard };
}

const list = async (cookie: string) =>
  (await (await t.get('/api/dashboards/organization', { cookie })).json()) as {
    id: number;
    name: string;
    isFavourite: boolean;
  }[];

describe('favourites', () => {
  it('a star puts the dashboard first for that person only; removing it puts it back in its place', async () => {
    const { user, cookie, org } = await memberWithDashboard();
    const second = await createDashboard(t.db, { name: 'Zulu last by name' });
    await linkDashboard(t.db, org.id, second.id);
    expect((await list(cookie)).map((d) => d.name)).toEqual(['Acme sales', 'Zulu last by name']);

    const put = await t.request('PUT', `/api/dashboards/${second.id}/favourite`, undefined, { cookie });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ dashboardId: second.id, isFavourite: true });
    const starred = await list(cookie);
    expect(starred.map((d) => [d.name, d.isFavourite])).toEqual([
      ['Zulu last by name', true],
      ['Acme sales', false],
    ]);

    // Someone else of the same organization sees no star.
    const { user: colleague, cookie: theirs } = await signIn();
    await addMembership(t.db, org.id, colleague.id);
    expect((await list(theirs)).every((d) => !d.isFavourite)).toBe(true);
    expect(user.id).not.toBe(colleague.id);

    const removed = await t.request('DELETE', `/api/dashboards/${second.id}/favourite`, undefined, { cookie });
    expect(await removed.json()).toEqual({ dashboardId: second.id, isFavourite: false });
    expect((await list(cookie)).map((d) => d.isFavourite)).toEqual([false, false]);
  });

  it('is idempotent under parallel clicks: twenty stars give one row and twenty 200s, twenty removals none', async () => {
    const { user, cookie, dashboard } = await memberWithDashboard('Parallel');
    const puts = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request('PUT', `/api/dashboards/${dashboard.id}/favourite`, undefined, { cookie }),
      ),
    );
    expect(puts.map((r) => r.status)).toEqual(Array(20).fill(200));
    const rows = () =>
      t.db.select().from(schema.dashboardFavourites).where(eq(schema.dashboardFavourites.userId, user.id));
    expect(await rows()).toHaveLength(1);
    const deletes = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request('DELETE', `/api/dashboards/${dashboard.id}/favourite`, undefined, { cookie }),
      ),
    );
    expect(deletes.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await rows()).toHaveLength(0);
  });

  it("answers 404 for another organization's dashboard, an unknown one and a bad id; 401 anonymous; 403 cross-site", async () => {
    const { cookie } = await memberWithDashboard('Mine');
    const { dashboard: theirs } = await memberWithDashboard('Theirs');
    for (const method of ['PUT', 'DELETE']) {
      const foreign = await t.request(method, `/api/dashboards/${theirs.id}/favourite`, undefined, { cookie });
      expect(foreign.status).toBe(404);
      expect(await foreign.json()).toMatchObject({ message: 'Dashboard not found' });
      expect((await t.request(method, '/api/dashboards/999999/favourite', undefined, { cookie })).status).toBe(404);
      expect((await t.request(method, '/api/dashboards/abc/favourite', undefined, { cookie })).status).toBe(404);
      expect((await t.request(method, `/api/dashboards/${theirs.id}/favourite`)).status).toBe(401);
      const crossSite = await t.request(method, `/api/dashboards/${theirs.id}/favourite`, undefined, {
        cookie,
        origin: 'https://evil.example',
      });
      expect(crossSite.status).toBe(403);
    }
    const rows = await t.db.select().from(schema.dashboardFavourites);
    expect(rows.filter((r) => r.dashboardId === theirs.id)).toHaveLength(0);
  });

  it('goes with the dashboard when an admin deletes it', async () => {
    const { cookie, dashboard } = await memberWithDashboard('Deleted');
    await t.request('PUT', `/api/dashboards/${dashboard.id}/favourite`, undefined, { cookie });
    await t.db.delete(schema.dashboards).where(eq(schema.dashboards.id, dashboard.id));
    const rows = await t.db
      .select()
      .from(schema.dashboardFavourites)
      .where(eq(schema.dashboardFavourites.dashboardId, dashboard.id));
    expect(rows).toHaveLength(0);
  });
});

describe("the portal's organizations", () => {
  it("are the person's organizations, active ones first, by name, with their logos; a person in two sees each card's source", async () => {
    const { user, cookie, org, dashboard } = await memberWithDashboard('Zeta');
    const second = await createOrganization(t.db, { name: 'Alpha Co', logoUrl: null });
    const gone = await createOrganization(t.db, { name: 'Gone', isActive: false });
    await addMembership(t.db, second.id, user.id);
    await addMembership(t.db, gone.id, user.id);
    const shared = await createDashboard(t.db, { name: 'Shared' });
    await linkDashboard(t.db, org.id, shared.id);
    await linkDashboard(t.db, second.id, shared.id);

    const response = await t.get('/api/dashboards/organizations', { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      { id: second.id, name: 'Alpha Co', logoUrl: null, isActive: true },
      { id: org.id, name: 'Zeta', logoUrl: 'https://cdn.example.com/acme.png', isActive: true },
      // Paused: listed, so the portal can say so (issue 26).
      { id: gone.id, name: 'Gone', logoUrl: null, isActive: false },
    ]);
    const cards = (await (await t.get('/api/dashboards/organization', { cookie })).json()) as {
      id: number;
      organizations: { name: string }[];
    }[];
    const sources = Object.fromEntries(cards.map((c) => [c.id, c.organizations.map((o) => o.name)]));
    expect(sources).toEqual({ [dashboard.id]: ['Zeta'], [shared.id]: ['Alpha Co', 'Zeta'] });
  });

  it('answers 401 to anonymous callers', async () => {
    expect((await t.get('/api/dashboards/organizations')).status).toBe(401);
  });
});
