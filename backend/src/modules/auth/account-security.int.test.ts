import * as schema from '@app/db/schema';
import { desc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { accountsWithPassword, cookieOf } from '../../../testing/accounts';
import { movableClock, useTestApp } from '../../../testing/app';
import { enrol, passwordStep, secondStep, setCookie } from '../../../testing/two-factor';

const PASSWORD = 'correct horse battery';
const clock = movableClock();
const t = useTestApp({ clock });
const { newUser, signIn } = accountsWithPassword(t, PASSWORD);

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** The same person signed in from another browser (its own cookie jar). */
const secondBrowser = async (email: string, userAgent = FIREFOX) =>
  cookieOf(
    await t.post(
      '/api/auth/login',
      { email, password: PASSWORD },
      { 'user-agent': userAgent, 'x-forwarded-for': '203.0.113.9' },
    ),
  );

const as = (cookie: string) => ({
  get: (path: string) => t.get(path, { cookie }),
  send: (method: string, path: string, body?: unknown) => t.request(method, path, body, { cookie }),
});

describe("the person's sessions", () => {
  it('lists each browser with its browser, system, place and times, marking this one, never the token hash', async () => {
    const user = await newUser();
    const first = cookieOf(
      await t.post(
        '/api/auth/login',
        { email: user.email, password: PASSWORD },
        { 'user-agent': CHROME, 'x-forwarded-for': '192.168.1.20' },
      ),
    );
    await secondBrowser(user.email);
    const response = await as(first).get('/api/auth/sessions');
    expect(response.status).toBe(200);
    const sessions = await response.json();
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      current: true,
      browser: 'Chrome 131',
      os: 'Windows 10',
      place: 'Local network',
    });
    expect(sessions[1]).toMatchObject({ current: false, browser: 'Firefox 133', os: 'Linux', place: '203.0.113.9' });
    expect(sessions[0].id).toMatch(/^[0-9a-f-]{36}$/);
    const hashes = (await t.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id))).map(
      (s) => s.id,
    );
    for (const hash of hashes) expect(JSON.stringify(sessions)).not.toContain(hash);
  });

  it("ends another browser's session: that cookie is signed out at its next request", async () => {
    const user = await newUser();
    const mine = cookieOf(await t.post('/api/auth/login', { email: user.email, password: PASSWORD }));
    const other = await secondBrowser(user.email);
    expect((await as(other).get('/api/auth/user')).status).toBe(200);
    const list = await (await as(mine).get('/api/auth/sessions')).json();
    const target = list.find((s: { current: boolean }) => !s.current);
    expect((await as(mine).send('DELETE', `/api/auth/sessions/${target.id}`)).status).toBe(204);
    const after = await as(other).get('/api/auth/user');
    expect(after.status).toBe(401);
    expect(after.headers.getSetCookie().join()).toContain('session=;');
    expect((await as(mine).get('/api/auth/user')).status).toBe(200);
    // Gone: a second end is a 404, and so is another person's session or a made-up id.
    expect((await as(mine).send('DELETE', `/api/auth/sessions/${target.id}`)).status).toBe(404);
    const stranger = await signIn();
    const theirs = (await (await as(stranger.cookie).get('/api/auth/sessions')).json())[0].id;
    expect((await as(mine).send('DELETE', `/api/auth/sessions/${theirs}`)).status).toBe(404);
    expect((await as(stranger.cookie).get('/api/auth/user')).status).toBe(200);
    for (const id of ['nope', 'x'.repeat(65), '%00', "1' or '1'='1"])
      expect((await as(mine).send('DELETE', `/api/auth/sessions/${encodeURIComponent(id)}`)).status).toBeLessThan(500);
  });

  it('ends every other session and keeps this one', async () => {
    const user = await newUser();
    const mine = cookieOf(await t.post('/api/auth/login', { email: user.email, password: PASSWORD }));
    const others = await Promise.all([1, 2, 3].map(() => secondBrowser(user.email)));
    const response = await as(mine).send('POST', '/api/auth/sessions/end-others');
    expect(await response.json()).toEqual({ ended: 3 });
    for (const other of others) expect((await as(other).get('/api/auth/user')).status).toBe(401);
    expect((await as(mine).get('/api/auth/user')).status).toBe(200);
    expect(await (await as(mine).get('/api/auth/sessions')).json()).toHaveLength(1);
  });

  it('notes when a session was last seen, at most once a minute', async () => {
    const { user, cookie } = await signIn();
    const seen = async () =>
      (await t.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id)))[0]?.lastSeenAt;
    await as(cookie).get('/api/auth/user');
    const first = await seen();
    expect(first).toBeInstanceOf(Date);
    await as(cookie).get('/api/auth/user');
    expect(await seen()).toEqual(first);
    clock.offsetMs += 61_000;
    await as(cookie).get('/api/auth/user');
    expect((await seen())?.getTime()).toBeGreaterThan(first?.getTime() ?? 0);
  });

  it('needs a session', async () => {
    expect((await t.get('/api/auth/sessions')).status).toBe(401);
    expect((await t.post('/api/auth/sessions/end-others')).status).toBe(401);
  });
});

describe('changing the password from the account page', () => {
  it('needs the current password, ends every other session, keeps this one, and is audited', async () => {
    const user = await newUser();
    const mine = cookieOf(await t.post('/api/auth/login', { email: user.email, password: PASSWORD }));
    const other = await secondBrowser(user.email);
    const wrong = await as(mine).send('POST', '/api/auth/change-password', {
      currentPassword: 'not it at all',
      newPassword: 'a brand new password',
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe('Your current password is incorrect');
    expect((await as(other).get('/api/auth/user')).status).toBe(200);

    const changed = await as(mine).send('POST', '/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'a brand new password',
    });
    expect(changed.status).toBe(200);
    expect((await as(other).get('/api/auth/user')).status).toBe(401);
    expect((await as(mine).get('/api/auth/user')).status).toBe(200);
    expect((await t.post('/api/auth/login', { email: user.email, password: PASSWORD })).status).toBe(401);
    expect((await t.post('/api/auth/login', { email: user.email, password: 'a brand new password' })).status).toBe(200);
    const [entry] = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'account.password-change'))
      .orderBy(desc(schema.auditLog.id));
    expect(entry).toMatchObject({ actorId: user.id, targetId: String(user.id) });
    expect(JSON.stringify(entry)).not.toContain('brand new');
  });

  it('refuses short, long and equal new passwords (D4) with 422', async () => {
    const { cookie } = await signIn();
    for (const newPassword of ['short', 'x'.repeat(129), PASSWORD]) {
      const response = await as(cookie).send('POST', '/api/auth/change-password', {
        currentPassword: PASSWORD,
        newPassword,
      });
      expect(response.status).toBe(422);
    }
  });

  it('limits wrong current passwords to 10 in 15 minutes, counted atomically', async () => {
    const { cookie } = await signIn();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        as(cookie).send('POST', '/api/auth/change-password', {
          currentPassword: 'wrong guess here',
          newPassword: 'another new password',
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
  });
});

describe('administrators required to use two-factor sign-in', () => {
  // The requirement is for the whole app: off again after each test, whatever happened in it.
  afterEach(() => t.db.delete(schema.appSettings));

  it('sends an administrator without it to enrol: 403 with a clear code on admin routes, until they enrol', async () => {
    const boss = await signIn({ isAdmin: true });
    const other = await signIn({ isAdmin: true });
    const client = await signIn();
    // The administrator who turns it on must have it first.
    const refused = await as(boss.cookie).send('PUT', '/api/admin/settings/security', { requireAdminTwoFactor: true });
    expect(refused.status).toBe(409);
    await enrol(t, boss.cookie, clock);
    const on = await as(boss.cookie).send('PUT', '/api/admin/settings/security', { requireAdminTwoFactor: true });
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ requireAdminTwoFactor: true });

    const blocked = await as(other.cookie).get('/api/admin/users');
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toEqual({
      message: 'Administrators must use two-factor sign-in. Set it up on your account page before anything else.',
      issues: [
        {
          path: 'TWO_FACTOR_ENROLMENT_REQUIRED',
          message: 'Administrators must use two-factor sign-in. Set it up on your account page before anything else.',
        },
      ],
    });
    expect((await as(other.cookie).get('/api/admin/sign-ins')).status).toBe(403);
    // Nor an administrator's reach over dashboards (nor a member's: they set it up first, issue 26).
    const [hidden] = await t.db
      .insert(schema.dashboards)
      .values({
        name: 'Board only',
        category: 'Finance',
        type: 'PowerBI',
        embedUrl: 'https://app.powerbi.com/view?r=x',
      })
      .returning();
    expect((await as(other.cookie).get(`/api/dashboards/${hidden!.id}`)).status).toBe(403);
    expect((await as(boss.cookie).get(`/api/dashboards/${hidden!.id}`)).status).toBe(200);
    const me = await (await as(other.cookie).get('/api/auth/user')).json();
    expect(me.twoFactor).toEqual({ enabled: false, enrolmentRequired: true });
    // Their own account still works (that is where they enrol); clients are not affected.
    expect((await as(client.cookie).get('/api/auth/user')).status).toBe(200);
    expect((await as(boss.cookie).get('/api/admin/users')).status).toBe(200);

    await enrol(t, other.cookie, clock);
    expect((await as(other.cookie).get('/api/admin/users')).status).toBe(200);
    expect((await as(other.cookie).get(`/api/dashboards/${hidden!.id}`)).status).toBe(200);

    const [entry] = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'settings.security-update'))
      .orderBy(desc(schema.auditLog.id));
    expect(entry?.actorId).toBe(boss.user.id);
    expect(entry?.changes?.requireAdminTwoFactor).toEqual({ from: false, to: true });
  });

  it('answers 403 to a non-administrator and 401 to nobody on the settings', async () => {
    const client = await signIn();
    expect(
      (await as(client.cookie).send('PUT', '/api/admin/settings/security', { requireAdminTwoFactor: false })).status,
    ).toBe(403);
    expect((await t.get('/api/admin/settings/security')).status).toBe(401);
  });
});

describe('the sign-in audit', () => {
  it('records every password outcome and lists it for administrators, filtered and newest first', async () => {
    const user = await newUser();
    const ua = { 'user-agent': 'Audit Agent/2.0' };
    await t.post('/api/auth/login', { email: user.email, password: 'wrong password' }, ua);
    await t.post('/api/auth/login', { email: user.email, password: PASSWORD }, ua);
    await t.post('/api/auth/login', { email: 'ghost@example.com', password: 'whatever it is' }, ua);
    const inactive = await newUser({ isActive: false });
    await t.post('/api/auth/login', { email: inactive.email, password: PASSWORD }, ua);
    const limited = await newUser();
    const ip = { 'x-forwarded-for': '198.51.100.77' };
    for (let i = 0; i < 11; i++)
      await t.post('/api/auth/login', { email: limited.email, password: 'bad guess here' }, ip);

    const admin = await signIn({ isAdmin: true });
    const all = await (await as(admin.cookie).get(`/api/admin/sign-ins?userId=${user.id}`)).json();
    expect(all.map((e: { result: string; reason: string | null }) => `${e.result}:${e.reason}`)).toEqual([
      'success:null',
      'failure:invalid_credentials',
    ]);
    expect(all[0]).toMatchObject({ method: 'password', email: user.email, userAgent: 'Audit Agent/2.0' });
    expect(all[0].ipAddress).toBeTruthy();
    const ghost = await (await as(admin.cookie).get('/api/admin/sign-ins?email=GHOST@example.com')).json();
    expect(ghost).toHaveLength(1);
    expect(ghost[0]).toMatchObject({ userId: null, result: 'failure', reason: 'invalid_credentials' });
    const off = await (await as(admin.cookie).get(`/api/admin/sign-ins?userId=${inactive.id}`)).json();
    expect(off[0]).toMatchObject({ result: 'failure', reason: 'deactivated' });
    const limitedRows = await (
      await as(admin.cookie).get(`/api/admin/sign-ins?email=${encodeURIComponent(limited.email)}&result=failure`)
    ).json();
    expect(limitedRows[0]).toMatchObject({ reason: 'rate_limited', ipAddress: '198.51.100.77' });
    const rows = await t.db.select().from(schema.signInEvents);
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
    expect(JSON.stringify(rows)).not.toContain('bad guess here');
  });

  it('pages newest first and filters by method and result', async () => {
    const { user, cookie } = await signIn();
    const { app } = await enrol(t, cookie, clock);
    await secondStep(t, await passwordStep(t, user.email, PASSWORD), app.next());
    await secondStep(t, await passwordStep(t, user.email, PASSWORD), '000000');
    const admin = await signIn({ isAdmin: true });
    const totp = await (await as(admin.cookie).get(`/api/admin/sign-ins?userId=${user.id}&method=totp`)).json();
    expect(totp.map((e: { result: string }) => e.result)).toEqual(['failure', 'success']);
    const page1 = await as(admin.cookie).get(`/api/admin/sign-ins?userId=${user.id}&page=1&pageSize=2`);
    const total = Number(page1.headers.get('x-total-count'));
    expect(total).toBeGreaterThanOrEqual(3);
    const first = await page1.json();
    expect(first).toHaveLength(2);
    const second = await (await as(admin.cookie).get(`/api/admin/sign-ins?userId=${user.id}&page=2&pageSize=2`)).json();
    expect(second[0].id).toBeLessThan(first[1].id);
    const all = await (await as(admin.cookie).get(`/api/admin/sign-ins?userId=${user.id}&page=1&pageSize=100`)).json();
    expect(all).toHaveLength(total);
    const oldestFirst = await (
      await as(admin.cookie).get(`/api/admin/sign-ins?userId=${user.id}&page=1&pageSize=100&sort=createdAt&order=asc`)
    ).json();
    expect(oldestFirst.map((e: { id: number }) => e.id)).toEqual(all.map((e: { id: number }) => e.id).reverse());
    const failures = await (await as(admin.cookie).get(`/api/admin/sign-ins?userId=${user.id}&result=failure`)).json();
    expect(failures.every((e: { result: string }) => e.result === 'failure')).toBe(true);
    const past = await as(admin.cookie).get(`/api/admin/sign-ins?userId=${user.id}&page=99&pageSize=2`);
    expect(await past.json()).toEqual([]);
    expect(Number(past.headers.get('x-total-count'))).toBe(total);
  });

  it('is for administrators only, and refuses bad filters with 422', async () => {
    const client = await signIn();
    expect((await as(client.cookie).get('/api/admin/sign-ins')).status).toBe(403);
    expect((await t.get('/api/admin/sign-ins')).status).toBe(401);
    const admin = await signIn({ isAdmin: true });
    for (const query of [
      'result=maybe',
      'method=carrier-pigeon',
      'userId=1e9999',
      'page=0',
      'page=-1',
      'page=1e309',
      'pageSize=0',
      'pageSize=101',
      'pageSize=1.5',
      'sort=password',
      'order=sideways',
      'q=%00',
      `q=${'a'.repeat(201)}`,
    ])
      expect((await as(admin.cookie).get(`/api/admin/sign-ins?${query}`)).status, query).toBe(422);
    for (const query of ['email=%00%00', 'email=%ED%A0%80', `email=${'a'.repeat(300)}`]) {
      const status = (await as(admin.cookie).get(`/api/admin/sign-ins?${query}`)).status;
      expect(status === 200 || (status >= 400 && status < 500), query).toBe(true);
    }
  });
});

describe('hostile sign-in input', () => {
  it('records what was typed without failing, and answers 4xx', async () => {
    for (const email of ['\u0000evil@example.com', '\ud800@example.com']) {
      const response = await t.post('/api/auth/login', { email, password: 'whatever you like' });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    expect(setCookie(await t.post('/api/auth/login/second-factor', { code: '123456' }), 'session')).toBe('');
  });
});
