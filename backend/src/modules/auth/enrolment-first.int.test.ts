import { TWO_FACTOR_ENROLMENT_REQUIRED } from '@app/contracts';
import * as schema from '@app/db/schema';
import { addMembership, createOrganization } from '@app/db/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountsWithPassword } from '../../../testing/accounts';
import { movableClock, useTestApp } from '../../../testing/app';
import { enrol } from '../../../testing/two-factor';

/**
 * "Before anything else" means every API (issue 26 item 12): an administrator required to use two-factor sign-in
 * who has not set it up gets the enrolment 403 from every route a signed-in person can call (the client portal's
 * too, and the routes anyone may call, where they would otherwise read as a member or a visitor), except the few
 * the set-up itself needs. Found from the app's own route table, so a route added later is covered too.
 */

const PASSWORD = 'correct horse battery';
const clock = movableClock();
const t = useTestApp({ clock });
const { signIn } = accountsWithPassword(t, PASSWORD);

/** What set-up needs: who am I (it says `enrolmentRequired`), the status, the set-up and its confirmation. */
const SET_UP = [
  'GET /api/auth/user',
  'GET /api/auth/two-factor',
  'POST /api/auth/two-factor/setup',
  'POST /api/auth/two-factor/enable',
];
/** Routes that end the caller's session (a pending administrator may always sign out). */
const SIGN_OUT = ['GET /api/logout', 'POST /api/auth/logout'];

let pending: string;
let dashboardId: number;

beforeAll(async () => {
  const organization = await createOrganization(t.db);
  const admin = await signIn({ isAdmin: true });
  await addMembership(t.db, organization.id, admin.user.id);
  pending = admin.cookie;
  await t.db.insert(schema.appSettings).values({ key: 'requireAdminTwoFactor', value: true });
  const [dashboard] = await t.db
    .insert(schema.dashboards)
    .values({
      name: 'Public board',
      category: 'Finance',
      type: 'PowerBI',
      embedUrl: 'https://app.powerbi.com/view?r=x',
      isPublic: true,
    })
    .returning();
  dashboardId = dashboard!.id;
});

const concrete = (path: string) => path.replace(/:[a-zA-Z]+/g, '1').replace(/\*$/, 'x');

const isEnrolmentRefusal = async (response: Response) =>
  response.status === 403 &&
  ((await response.clone().json()) as { issues?: { path: string }[] }).issues?.[0]?.path ===
    TWO_FACTOR_ENROLMENT_REQUIRED;

describe('an administrator who must set up two-factor sign-in, before anything else', () => {
  it('gets the enrolment 403 from every route that needs a signed-in person, but set-up and sign-out', async () => {
    const routes = (t.app.routes as { method: string; path: string }[])
      .filter((route) => route.path.startsWith('/api/') && route.method !== 'OPTIONS' && route.method !== 'ALL')
      .map((route) => ({ method: route.method, path: concrete(route.path), name: `${route.method} ${route.path}` }))
      .filter((route) => !SIGN_OUT.includes(route.name));
    const needSignIn: string[] = [];
    const letThrough: string[] = [];
    for (const route of routes) {
      const body = route.method === 'GET' || route.method === 'HEAD' ? undefined : {};
      const anonymous = await t.request(route.method, route.path, body);
      // The sign-in guard's 401 (the scheduling webhook's 401 is about its signature, not about anyone's sign-in).
      if (anonymous.status !== 401 || (await anonymous.json()).message !== 'Authentication required') continue;
      needSignIn.push(route.name);
      const answer = await t.request(route.method, route.path, body, { cookie: pending });
      if (!(await isEnrolmentRefusal(answer))) letThrough.push(`${route.name} -> ${answer.status}`);
    }
    // The route table was read (the portal's and the account's routes are in it).
    expect(needSignIn).toEqual(expect.arrayContaining(['GET /api/dashboards/organization', 'GET /api/auth/sessions']));
    expect(needSignIn.length).toBeGreaterThan(30);
    expect(letThrough.map((line) => line.split(' -> ')[0]).sort()).toEqual([...SET_UP].sort());
  });

  it('gets it from the routes anyone may call too, instead of reading as a member or a visitor', async () => {
    expect(await isEnrolmentRefusal(await t.get(`/api/dashboards/${dashboardId}`, { cookie: pending }))).toBe(true);
    expect(
      await isEnrolmentRefusal(await t.get(`/api/dashboards/${dashboardId}/embed-status`, { cookie: pending })),
    ).toBe(true);
    // Anonymous, the public dashboard is there.
    expect((await t.get(`/api/dashboards/${dashboardId}`)).status).toBe(200);
  });

  it('can set it up, and then reaches everything again', async () => {
    const me = await (await t.get('/api/auth/user', { cookie: pending })).json();
    expect(me.twoFactor).toEqual({ enabled: false, enrolmentRequired: true });
    await enrol(t, pending, clock);
    expect((await t.get('/api/dashboards/organization', { cookie: pending })).status).toBe(200);
    expect((await t.get(`/api/dashboards/${dashboardId}`, { cookie: pending })).status).toBe(200);
    expect((await t.get('/api/admin/users', { cookie: pending })).status).toBe(200);
  });

  it('leaves clients and enrolled administrators alone', async () => {
    const client = await signIn();
    expect((await t.get('/api/dashboards/organization', { cookie: client.cookie })).status).toBe(200);
    expect((await t.get('/api/auth/sessions', { cookie: client.cookie })).status).toBe(200);
  });
});
