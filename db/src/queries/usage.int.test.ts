import {
  addMembership,
  createDashboard,
  createOrganization,
  createUser,
  linkDashboard,
  useTestDatabase,
} from '@app/db/testing';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dashboardViews, memberships, organizations, users } from '../schema';
import {
  fromViewsAlone,
  idleDashboards,
  type UsageWindow,
  viewsApart,
  viewsPerDashboard,
  viewsPerOrganization,
  viewsPerPerson,
} from './usage';
import { topDashboards, topOrganizations, topPeople, viewsPerPeriod } from './usage-roll-ups';

/**
 * Decision 039: the usage report reads whole UTC hours and months from roll-ups that the database keeps, and only
 * the rest from `dashboard_views`. These tests prove the roll-ups answer exactly as the views alone do, after every
 * kind of write (bulk and single inserts, parallel ones, moves, deletes, cascades from a deleted person, dashboard or
 * organization, a truncate), for zones a whole, half and three quarters of an hour off UTC.
 */

const handle = useTestDatabase(12);
const DAY_MS = 86_400_000;

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ZONES = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu'];
const KINDS = [
  ['dashboard', topDashboards],
  ['person', topPeople],
  ['organization', topOrganizations],
] as const;
const END = Date.parse('2026-11-20T00:00:00Z');

/** Windows of whole days in a zone: short, across a month's end, a year, and a day alone. */
function windows(timeZone: string): UsageWindow[] {
  const day = (date: string) => {
    // Midnight of the date in the zone: the usage service's own rule (zonedTimeToUtc), through Intl.
    const guess = Date.parse(`${date}T00:00:00Z`);
    const shown = new Date(guess).toLocaleString('sv-SE', { timeZone }).replace(' ', 'T');
    return new Date(guess - (Date.parse(`${shown}Z`) - guess));
  };
  return [
    { start: day('2026-10-25'), end: day('2026-11-08'), groupBy: 'day', timeZone },
    { start: day('2026-01-28'), end: day('2026-03-03'), groupBy: 'week', timeZone },
    { start: day('2025-11-20'), end: day('2026-11-20'), groupBy: 'week', timeZone },
    { start: day('2025-11-20'), end: day('2026-11-20'), groupBy: 'month', timeZone },
    { start: day('2026-03-29'), end: day('2026-03-30'), groupBy: 'day', timeZone },
  ];
}

async function expectRollUpsToMatchTheViews() {
  for (const timeZone of ZONES) {
    for (const w of windows(timeZone)) {
      const label = `${timeZone} ${w.start.toISOString()} to ${w.end.toISOString()} by ${w.groupBy}`;
      expect(await viewsPerPeriod(handle.db, w), label).toEqual(await fromViewsAlone.viewsPerPeriod(handle.db, w));
      for (const [kind, top] of KINDS) {
        const plain = await fromViewsAlone.ranking(handle.db, w, kind);
        const { top: ranked, count } = await top(handle.db, w, null);
        expect(ranked, `${label}: ${kind}`).toEqual(plain.map((r) => ({ id: r.id, views: Number(r.views) })));
        expect(count, `${label}: ${kind}s`).toBe(plain.length);
        const first = await top(handle.db, w, 3);
        expect(first.top).toEqual(ranked.slice(0, 3));
        expect(first.count).toBe(plain.length);
      }
    }
  }
}

async function world() {
  const orgs = await Promise.all(['Acme', 'Beta', 'Gamma'].map((name) => createOrganization(handle.db, { name })));
  const boards = await Promise.all(
    ['Sales', 'Ops', 'Finance', 'Public'].map((name) =>
      createDashboard(handle.db, { name, isPublic: name === 'Public' }),
    ),
  );
  const people = await Promise.all(
    Array.from({ length: 12 }, (_, i) => createUser(handle.db, { email: `person${i}@client.test` })),
  );
  for (const [i, person] of people.entries()) {
    await addMembership(handle.db, orgs[i % 3]!.id, person.id);
    if (i % 4 === 0) await addMembership(handle.db, orgs[(i + 1) % 3]!.id, person.id);
  }
  for (const [o, d] of [
    [0, 0],
    [0, 1],
    [1, 1],
    [1, 2],
    [2, 2],
    [2, 0],
  ] as const)
    await linkDashboard(handle.db, orgs[o]!.id, boards[d]!.id);
  return { orgs, boards, people };
}

describe('usage roll-ups (decision 039)', () => {
  it('answer like the views alone after bulk, single, parallel, moving and deleting writes', async () => {
    const { orgs, boards, people } = await world();
    const next = random(18);
    const someView = () => ({
      dashboardId: boards[Math.floor(next() * boards.length)]!.id,
      userId: next() < 0.1 ? null : people[Math.floor(next() * people.length)]!.id,
      // 14 months back, to the second: views on every side of hours, days, months and both DST changes.
      viewedAt: new Date(END - Math.floor((next() * 425 * DAY_MS) / 1000) * 1000),
      // D37: some are the team's previews, some failed to load; neither is counted.
      byAdmin: next() < 0.15,
      loaded: next() > 0.1,
    });
    await handle.db.insert(dashboardViews).values(Array.from({ length: 3000 }, someView));
    // On the very edges of hours and months, and in the hours a half-hour zone's day starts inside.
    await handle.db.insert(dashboardViews).values(
      ['2026-03-01T00:00:00Z', '2026-02-28T23:59:59.999Z', '2026-11-07T18:15:00Z', '2026-11-07T18:44:59Z'].map(
        (at) => ({
          dashboardId: boards[0]!.id,
          userId: people[0]!.id,
          viewedAt: new Date(at),
        }),
      ),
    );
    await expectRollUpsToMatchTheViews();

    // 40 single inserts at once, as the view recorder makes them: no deadlock, none lost.
    await Promise.all(Array.from({ length: 40 }, () => handle.db.insert(dashboardViews).values(someView())));
    // A move (an update), deletes, and cascades.
    await handle.db.execute(
      sql`update dashboard_views set viewed_at = viewed_at - interval '37 days' where id % 7 = 0`,
    );
    await handle.db.execute(sql`delete from dashboard_views where id % 11 = 0`);
    // A failed load that loads on 'Try again', a loaded one marked failed, previews taken for clients' and back.
    await handle.db.execute(sql`update dashboard_views set loaded = not loaded where id % 5 = 0`);
    await handle.db.execute(sql`update dashboard_views set by_admin = not by_admin where id % 13 = 0`);
    await handle.db.delete(users).where(eq(users.id, people[5]!.id));
    people.splice(5, 1);
    await handle.db.delete(organizations).where(eq(organizations.id, orgs[2]!.id));
    await expectRollUpsToMatchTheViews();

    await handle.db.execute(sql`truncate dashboard_views`);
    await handle.db.insert(dashboardViews).values(Array.from({ length: 200 }, someView));
    await expectRollUpsToMatchTheViews();
  });

  it('counts a view for the organizations the viewer was in, with the dashboard linked, when it was recorded', async () => {
    const [north, south] = await Promise.all(['North', 'South'].map((name) => createOrganization(handle.db, { name })));
    const [shared, northOnly, open] = await Promise.all(
      ['Shared', 'North only', 'Open'].map((name) => createDashboard(handle.db, { name, isPublic: name === 'Open' })),
    );
    const [both, leaver] = await Promise.all(
      ['both@client.test', 'leaver@client.test'].map((email) => createUser(handle.db, { email })),
    );
    await addMembership(handle.db, north!.id, both!.id);
    await addMembership(handle.db, south!.id, both!.id);
    await addMembership(handle.db, north!.id, leaver!.id);
    await linkDashboard(handle.db, north!.id, shared!.id);
    await linkDashboard(handle.db, south!.id, shared!.id);
    await linkDashboard(handle.db, north!.id, northOnly!.id);
    const at = new Date('2026-11-10T12:00:00Z');
    const inserted = await handle.db
      .insert(dashboardViews)
      .values([
        { dashboardId: shared!.id, userId: both!.id, viewedAt: at },
        { dashboardId: northOnly!.id, userId: both!.id, viewedAt: at },
        { dashboardId: open!.id, userId: both!.id, viewedAt: at },
        { dashboardId: northOnly!.id, userId: leaver!.id, viewedAt: at },
        { dashboardId: shared!.id, userId: null, viewedAt: at },
      ])
      .returning({ id: dashboardViews.id, organizationIds: dashboardViews.organizationIds });
    expect(inserted.map((v) => v.organizationIds)).toEqual([
      [north!.id, south!.id].sort((a, b) => a - b),
      [north!.id],
      [],
      [north!.id],
      [],
    ]);
    // Leaving later takes nothing away from North's November.
    await handle.db.delete(memberships).where(eq(memberships.userId, leaver!.id));
    const w: UsageWindow = {
      start: new Date('2026-11-01T00:00:00Z'),
      end: new Date('2026-12-01T00:00:00Z'),
      groupBy: 'month',
      timeZone: 'UTC',
    };
    const ranked = await topOrganizations(handle.db, w, null);
    const ours = ranked.top.filter((t) => [north!.id, south!.id].includes(t.id));
    expect(ours).toEqual([
      { id: north!.id, views: 3 },
      { id: south!.id, views: 1 },
    ]);
    const perMonth = await viewsPerOrganization(handle.db, w, [north!.id, south!.id]);
    expect(perMonth.sort((a, b) => a.id - b.id)).toEqual(
      [
        { bucket: '2026-11-01', id: north!.id, views: 3 },
        { bucket: '2026-11-01', id: south!.id, views: 1 },
      ].sort((a, b) => a.id - b.id),
    );
    await handle.db.delete(dashboardViews).where(
      inArray(
        dashboardViews.id,
        inserted.map((v) => v.id),
      ),
    );
  });

  it("counts clients' views that loaded only; previews and failed loads are listed apart (D37)", async () => {
    const [client] = await Promise.all([createOrganization(handle.db, { name: 'Client' })]);
    const [seen, previewed, broken] = await Promise.all(
      ['Seen', 'Previewed', 'Broken'].map((name) => createDashboard(handle.db, { name })),
    );
    for (const board of [seen!, previewed!, broken!]) await linkDashboard(handle.db, client!.id, board.id);
    const admin = await createUser(handle.db, { email: 'admin@lucid.test', isAdmin: true });
    const member = await createUser(handle.db, { email: 'member@client.test' });
    await addMembership(handle.db, client!.id, member.id);
    // The admin is a member too: their previews would count for the organization.
    await addMembership(handle.db, client!.id, admin.id);
    const at = (minutes: number) => new Date(Date.parse('2026-11-10T12:00:00Z') + minutes * 60_000);
    await handle.db.insert(dashboardViews).values([
      { dashboardId: seen!.id, userId: member.id, viewedAt: at(0) },
      { dashboardId: seen!.id, userId: admin.id, viewedAt: at(1), byAdmin: true },
      { dashboardId: seen!.id, userId: admin.id, viewedAt: at(2), byAdmin: true },
      { dashboardId: previewed!.id, userId: admin.id, viewedAt: at(3), byAdmin: true },
      { dashboardId: broken!.id, userId: member.id, viewedAt: at(4), loaded: false },
      { dashboardId: broken!.id, userId: member.id, viewedAt: at(20), loaded: false },
    ]);
    const w: UsageWindow = { start: at(-60), end: at(60), groupBy: 'day', timeZone: 'UTC' };
    const month: UsageWindow = {
      start: new Date('2026-11-01T00:00:00Z'),
      end: new Date('2026-12-01T00:00:00Z'),
      groupBy: 'month',
      timeZone: 'UTC',
    };
    for (const window of [w, month]) {
      expect(await viewsPerPeriod(handle.db, window)).toEqual(await fromViewsAlone.viewsPerPeriod(handle.db, window));
      const people = await topPeople(handle.db, window, null);
      expect(people.top.find((p) => p.id === admin.id)).toBeUndefined();
      expect(people.top.find((p) => p.id === member.id)).toEqual({ id: member.id, views: 1 });
      const boards = await topDashboards(handle.db, window, null);
      expect(boards.top.filter((b) => [seen!.id, previewed!.id, broken!.id].includes(b.id))).toEqual([
        { id: seen!.id, views: 1 },
      ]);
      const organizations = await topOrganizations(handle.db, window, null);
      expect(organizations.top.find((o) => o.id === client!.id)).toEqual({ id: client!.id, views: 1 });
    }
    expect(await viewsPerPeriod(handle.db, w)).toEqual([1]);
    expect(await viewsPerPerson(handle.db, w, [admin.id, member.id])).toEqual([
      { bucket: '2026-11-10', id: member.id, views: 1 },
    ]);
    expect(await viewsPerDashboard(handle.db, w, [seen!.id, previewed!.id, broken!.id])).toEqual([
      { bucket: '2026-11-10', id: seen!.id, views: 1 },
    ]);
    expect(await viewsPerOrganization(handle.db, w, [client!.id])).toEqual([
      { bucket: '2026-11-10', id: client!.id, views: 1 },
    ]);
    // Listed apart: the team's previews and the failed loads, per dashboard, most first.
    expect(await viewsApart(handle.db, w, null)).toEqual({
      previews: {
        top: [
          { id: seen!.id, views: 2 },
          { id: previewed!.id, views: 1 },
        ],
        count: 2,
      },
      previewViews: 3,
      failedLoads: { top: [{ id: broken!.id, views: 2 }], count: 1 },
      failedLoadViews: 2,
    });
    expect((await viewsApart(handle.db, w, 1)).previews).toEqual({ top: [{ id: seen!.id, views: 2 }], count: 2 });
    // Only the team opened 'Previewed', and 'Broken' never loaded: nobody has used them.
    const idle = await idleDashboards(handle.db, at(-60), null);
    const idleIds = idle.rows.map((row) => row.id);
    expect(idleIds).toContain(previewed!.id);
    expect(idleIds).toContain(broken!.id);
    expect(idleIds).not.toContain(seen!.id);
    // 'Try again' loads it: now it is a client's view, in the roll-ups too.
    await handle.db.execute(
      sql`update dashboard_views set loaded = true where dashboard_id = ${broken!.id} and viewed_at = ${at(20).toISOString()}::timestamptz`,
    );
    expect((await topDashboards(handle.db, month, null)).top.find((b) => b.id === broken!.id)).toEqual({
      id: broken!.id,
      views: 1,
    });
    await expectRollUpsToMatchTheViews();
  });
});
