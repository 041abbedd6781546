import * as schema from '@app/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountsWithPassword } from '../../../testing/accounts';
import { movableClock, useTestApp, withTestApp } from '../../../testing/app';
import { authenticator, enrol, passwordStep, secondStep, setCookie } from '../../../testing/two-factor';

const PASSWORD = 'correct horse battery';
const clock = movableClock();
const t = useTestApp({ clock });
const { signIn } = accountsWithPassword(t, PASSWORD);

/** A person with two-factor sign-in on (and the session they enrolled in). */
async function enrolled() {
  const { user, cookie } = await signIn();
  const { app, recoveryCodes } = await enrol(t, cookie, clock);
  return { user, cookie, app, recoveryCodes };
}

const signInEvents = (userId: number) =>
  t.db.select().from(schema.signInEvents).where(eq(schema.signInEvents.userId, userId));

describe('enrolling in two-factor sign-in', () => {
  it('shows a QR code and the key once, seals the key at rest, and turns on with a current code', async () => {
    const { user, cookie } = await signIn();
    const before = await (await t.get('/api/auth/two-factor', { cookie })).json();
    expect(before).toMatchObject({ enabled: false, recoveryCodesLeft: 0, available: true });

    const setup = await t.post('/api/auth/two-factor/setup', undefined, { cookie });
    expect(setup.status).toBe(200);
    const { manualKey, otpauthUri, qrCodeDataUrl } = await setup.json();
    const plainKey = manualKey.replace(/\s/g, '');
    expect(plainKey).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${plainKey}`);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Lucid%20Insight:/);
    expect(Buffer.from(qrCodeDataUrl.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');
    const [stored] = await t.db
      .select()
      .from(schema.twoFactorCredentials)
      .where(eq(schema.twoFactorCredentials.userId, user.id));
    expect(stored?.sealedKey).toMatch(/^v1\./);
    expect(stored?.sealedKey).not.toContain(plainKey);
    expect(stored?.enabledAt).toBeNull();

    const app = authenticator(manualKey, clock);
    const wrong = await t.post('/api/auth/two-factor/enable', { code: '000000' }, { cookie });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe('Invalid authentication code');

    const enabled = await t.post('/api/auth/two-factor/enable', { code: app.next() }, { cookie });
    expect(enabled.status).toBe(200);
    const { recoveryCodes } = await enabled.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const hashes = await t.db.select().from(schema.recoveryCodes).where(eq(schema.recoveryCodes.userId, user.id));
    expect(hashes).toHaveLength(10);
    expect(JSON.stringify(hashes)).not.toContain(recoveryCodes[0]);

    // The key is never shown again: a new set-up is refused while it is on, and the state has no key.
    expect((await t.post('/api/auth/two-factor/setup', undefined, { cookie })).status).toBe(409);
    const after = await (await t.get('/api/auth/two-factor', { cookie })).json();
    expect(after).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify(after)).not.toContain(plainKey);
    const me = await (await t.get('/api/auth/user', { cookie })).json();
    expect(me.twoFactor).toEqual({ enabled: true, enrolmentRequired: false });
  });

  it('answers 503 without naming the server configuration when it has no encryption key', async () => {
    await withTestApp({ env: { APP_ENCRYPTION_KEY: '' } }, async (bare) => {
      const { signIn: bareSignIn } = accountsWithPassword(bare, PASSWORD);
      const { cookie } = await bareSignIn();
      const response = await bare.post('/api/auth/two-factor/setup', undefined, { cookie });
      expect(response.status).toBe(503);
      // A client never reads about the server's configuration (decision 045).
      expect((await response.json()).message).toBe(
        'Two-factor sign-in is not available at the moment. Please try again later, or ask your administrator.',
      );
      expect((await (await bare.get('/api/auth/two-factor', { cookie })).json()).available).toBe(false);
    });
  });
});

describe('signing in with a second factor', () => {
  it('gives no session after the password, only a pending sign-in that a current code finishes', async () => {
    const { user, app } = await enrolled();
    const response = await t.post('/api/auth/login', { email: user.email, password: PASSWORD });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({
      secondFactorRequired: true,
      message: 'Enter the code from your authenticator app to finish signing in.',
    });
    expect(setCookie(response, 'session')).toBe('');
    const raw = response.headers.getSetCookie().find((c) => c.startsWith('pending_sign_in='));
    expect(raw).toMatch(/HttpOnly; SameSite=Strict; Max-Age=300$/);
    const pending = setCookie(response, 'pending_sign_in');
    // The pending cookie is no session.
    expect((await t.get('/api/auth/user', { cookie: pending })).status).toBe(401);
    const [stored] = await t.db.select().from(schema.pendingSignIns).where(eq(schema.pendingSignIns.userId, user.id));
    expect(stored?.id).not.toBe(pending.split('=')[1]);

    const done = await secondStep(t, pending, app.next());
    expect(done.status).toBe(200);
    expect((await done.json()).user.id).toBe(user.id);
    const session = setCookie(done, 'session');
    expect((await t.get('/api/auth/user', { cookie: session })).status).toBe(200);
    // Used once: the same pending sign-in cannot give a second session.
    expect((await secondStep(t, pending, app.next())).status).toBe(401);
  });

  it('never accepts the same code twice, nor a code of an earlier step', async () => {
    const { user, app } = await enrolled();
    const code = app.next();
    expect((await secondStep(t, await passwordStep(t, user.email, PASSWORD), code)).status).toBe(200);
    const replay = await secondStep(t, await passwordStep(t, user.email, PASSWORD), code);
    expect(replay.status).toBe(401);
    // A wrong code gets exactly a wrong password's answer (issue 17).
    const wrongPassword = await t.post('/api/auth/login', { email: user.email, password: 'not the password' });
    expect(wrongPassword.status).toBe(401);
    expect(await replay.json()).toEqual(await wrongPassword.json());
    // The previous step's code is within the window but older than the one used: refused too.
    expect((await secondStep(t, await passwordStep(t, user.email, PASSWORD), app.code(-1))).status).toBe(401);
    // The next step's code (a clock a little ahead) works.
    expect((await secondStep(t, await passwordStep(t, user.email, PASSWORD), app.code(1))).status).toBe(200);
  });

  it('lets the same code in only once when it is sent twice at the same moment', async () => {
    const { user, app } = await enrolled();
    const code = app.next();
    const pendings = await Promise.all([1, 2, 3, 4].map(() => passwordStep(t, user.email, PASSWORD)));
    const answers = await Promise.all(pendings.map((p) => secondStep(t, p, code)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401]);
  });

  it('signs in with a recovery code, each usable once', async () => {
    const { user, recoveryCodes } = await enrolled();
    const code = recoveryCodes[0] as string;
    // Typed in capitals with spaces: still the code.
    const first = await secondStep(t, await passwordStep(t, user.email, PASSWORD), ` ${code.toUpperCase()} `);
    expect(first.status).toBe(200);
    expect((await secondStep(t, await passwordStep(t, user.email, PASSWORD), code)).status).toBe(401);
  });

  it('lets exactly one of 10 parallel uses of one recovery code in', async () => {
    const { user, recoveryCodes } = await enrolled();
    const pendings = await Promise.all(Array.from({ length: 10 }, () => passwordStep(t, user.email, PASSWORD)));
    const answers = await Promise.all(pendings.map((p) => secondStep(t, p, recoveryCodes[1] as string)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(9);
  });

  it('uses a pending sign-in once under 10 parallel tries with 10 good codes', async () => {
    const { user, recoveryCodes } = await enrolled();
    const pending = await passwordStep(t, user.email, PASSWORD);
    const answers = await Promise.all(recoveryCodes.map((code) => secondStep(t, pending, code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    // The losers found it used; their recovery codes were not spent.
    const left = await t.db.select().from(schema.recoveryCodes).where(eq(schema.recoveryCodes.userId, user.id));
    expect(left.filter((r) => r.usedAt === null)).toHaveLength(9);
  });

  it('refuses the sixth code on one pending sign-in with 429 and Retry-After', async () => {
    const { user, app } = await enrolled();
    const pending = await passwordStep(t, user.email, PASSWORD);
    for (let i = 0; i < 5; i++) expect((await secondStep(t, pending, '123456')).status).toBe(401);
    const sixth = await secondStep(t, pending, app.next());
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await sixth.json()).message).toBe('Too many attempts. Please try again later.');
  });

  it('limits failed codes per person across pending sign-ins, counted atomically', async () => {
    const { user } = await enrolled();
    const pendings = await Promise.all(Array.from({ length: 4 }, () => passwordStep(t, user.email, PASSWORD)));
    const answers = await Promise.all(pendings.flatMap((p) => [1, 2, 3].map((i) => secondStep(t, p, `${100000 + i}`))));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
  });

  it('ends a pending sign-in after 5 minutes', async () => {
    const { user, app } = await enrolled();
    const pending = await passwordStep(t, user.email, PASSWORD);
    clock.offsetMs += 5 * 60_000 + 1000;
    const late = await secondStep(t, pending, app.code());
    expect(late.status).toBe(401);
    expect((await late.json()).message).toBe('Your sign-in has expired. Please sign in again.');
    expect((await secondStep(t, 'pending_sign_in=made-up', app.code())).status).toBe(401);
    expect((await t.post('/api/auth/login/second-factor', { code: app.code() })).status).toBe(401);
  });

  it('records each second-factor outcome with its method, never the code', async () => {
    const { user, app, recoveryCodes } = await enrolled();
    const ua = { 'user-agent': 'Audit Browser/1.0' };
    await secondStep(t, await passwordStep(t, user.email, PASSWORD), '999999', ua);
    const code = app.next();
    await secondStep(t, await passwordStep(t, user.email, PASSWORD, ua), code, ua);
    await secondStep(t, await passwordStep(t, user.email, PASSWORD), recoveryCodes[2] as string, ua);
    const rows = await signInEvents(user.id);
    const seen = rows.map((r) => `${r.method}:${r.result}:${r.reason ?? ''}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        'password:success:second_factor_required',
        'totp:failure:invalid_code',
        'totp:success:',
        'recovery_code:success:',
      ]),
    );
    expect(rows.find((r) => r.method === 'totp' && r.result === 'success')?.userAgent).toBe('Audit Browser/1.0');
    expect(rows.every((r) => r.ipAddress)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(JSON.stringify(rows)).not.toContain(recoveryCodes[2]);
  });
});

describe('turning two-factor sign-in off and new recovery codes', () => {
  it('needs a current code (or a recovery code) to turn off', async () => {
    const { user, cookie, app, recoveryCodes } = await enrolled();
    const wrong = await t.post('/api/auth/two-factor/disable', { code: '000000' }, { cookie });
    expect(wrong.status).toBe(400);
    expect((await t.post('/api/auth/two-factor/disable', {}, { cookie })).status).toBe(422);
    expect((await (await t.get('/api/auth/two-factor', { cookie })).json()).enabled).toBe(true);
    const off = await t.post('/api/auth/two-factor/disable', { code: recoveryCodes[0] }, { cookie });
    expect(off.status).toBe(200);
    expect((await off.json()).enabled).toBe(false);
    // Signing in is one step again.
    expect((await t.post('/api/auth/login', { email: user.email, password: PASSWORD })).status).toBe(200);
    expect((await t.post('/api/auth/two-factor/disable', { code: app.next() }, { cookie })).status).toBe(409);
  });

  it('makes new recovery codes only with a current code; the old ones stop working', async () => {
    const { user, cookie, app, recoveryCodes } = await enrolled();
    expect((await t.post('/api/auth/two-factor/recovery-codes', { code: '111111' }, { cookie })).status).toBe(400);
    // A recovery code does not make new ones.
    const withRecovery = await t.post('/api/auth/two-factor/recovery-codes', { code: recoveryCodes[0] }, { cookie });
    expect(withRecovery.status).toBe(400);
    const fresh = await t.post('/api/auth/two-factor/recovery-codes', { code: app.next() }, { cookie });
    expect(fresh.status).toBe(200);
    const { recoveryCodes: newCodes } = await fresh.json();
    expect(newCodes).toHaveLength(10);
    expect((await secondStep(t, await passwordStep(t, user.email, PASSWORD), recoveryCodes[3] as string)).status).toBe(
      401,
    );
    expect((await secondStep(t, await passwordStep(t, user.email, PASSWORD), newCodes[0])).status).toBe(200);
  });

  it('refuses hostile codes with a 4xx', async () => {
    const { user, cookie } = await enrolled();
    const pending = await passwordStep(t, user.email, PASSWORD);
    for (const code of ['\u0000\u0000', '\ud800', 'x'.repeat(65), '١٢٣٤٥٦']) {
      const answer = await secondStep(t, pending, code);
      expect(answer.status, JSON.stringify(code)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    for (const body of [{ code: 123456 }, { code: ['123456'] }, '{"code":', []]) {
      const answer = await t.post('/api/auth/two-factor/enable', body, { cookie });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
  });
});
