import { hashToken } from '@app/contracts/server';
import * as schema from '@app/db/schema';
import { createUser } from '@app/db/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountsWithPassword, cookieOf } from '../../../testing/accounts';
import { movableClock, useTestApp } from '../../../testing/app';
import { rateLimitKey } from '../../lib/rate-limit';

const clock = movableClock();
const t = useTestApp({ clock });
const { newUser } = accountsWithPassword(t, 'correct horse battery');

const login = (email: string, password = 'correct horse battery', headers: Record<string, string> = {}, extra = {}) =>
  t.post('/api/auth/login', { email, password, ...extra }, headers);

describe('signing in', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie and answers the user without secrets', async () => {
    const user = await newUser({ firstName: 'Ada' });
    const response = await login(user.email.toUpperCase());
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.user).toMatchObject({ id: user.id, email: user.email, firstName: 'Ada', hasLoggedIn: true });
    expect(JSON.stringify(body)).not.toContain('argon2');
    const setCookie = response.headers.getSetCookie()[0] ?? '';
    expect(setCookie).toMatch(/^session=[a-z2-7]{32}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=259\d{4}$/);

    const me = await t.get('/api/auth/user', { cookie: cookieOf(response) });
    expect(me.status).toBe(200);
    expect((await me.json()).email).toBe(user.email);
  });

  it('gives a wrong password and an unknown e-mail the same answer', async () => {
    const user = await newUser();
    const wrong = await login(user.email, 'not the password');
    const unknown = await login('nobody@example.com', 'not the password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: 'Invalid email or password', issues: [] });
    expect(await unknown.json()).toEqual({ message: 'Invalid email or password', issues: [] });
  });

  it('tells a deactivated user with the right password that the account is deactivated, and nobody else', async () => {
    const user = await newUser({ isActive: false });
    const right = await login(user.email);
    expect(right.status).toBe(403);
    expect((await right.json()).message).toBe('This account has been deactivated');
    expect(right.headers.get('set-cookie')).toBeNull();
    expect((await login(user.email, 'wrong password')).status).toBe(401);
  });

  it('refuses an invited user who has no password yet', async () => {
    const user = await createUser(t.db, { passwordHash: null });
    expect((await login(user.email, 'anything at all')).status).toBe(401);
  });

  it.each([
    [{ email: '', password: 'x' }, 'Please fill in all fields'],
    [{ email: 'a@b.co', password: '' }, 'Please fill in all fields'],
    [{}, 'Please fill in all fields'],
  ])('asks for both fields (%#)', async (body, message) => {
    const response = await t.post('/api/auth/login', body);
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe(message);
  });

  it('refuses the 11th attempt in 15 minutes for one address with 429 and Retry-After, even with the right password', async () => {
    const user = await newUser();
    for (let i = 0; i < 10; i++) expect((await login(user.email, `wrong ${i}`)).status).toBe(401);
    const blocked = await login(user.email);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
    expect((await blocked.json()).message).toBe('Too many attempts. Please try again later.');
  });

  it('does not count successful sign-ins, and limits one address to 100 failures', async () => {
    const user = await newUser();
    for (let i = 0; i < 12; i++) expect((await login(user.email)).status).toBe(200);
    const ip = { 'x-forwarded-for': '203.0.113.9' };
    // 99 failures from this address already counted (each real one costs an Argon2 verification), then one more.
    await t.deps.redis.set(rateLimitKey(t.queuePrefix, 'login:ip:203.0.113.9'), '99', 'PX', 900_000);
    expect((await login('someone@example.com', 'wrong', ip)).status).toBe(401);
    expect((await login(user.email, 'correct horse battery', ip)).status).toBe(429);
    expect((await login(user.email)).status).toBe(200);
  });

  it('returns only a same-site redirect address', async () => {
    const user = await newUser();
    const cases: [string, string | undefined][] = [
      ['/account?tab=profile', '/account?tab=profile'],
      ['//evil.example/x', undefined],
      ['https://evil.example/', undefined],
      ['/\\evil.example', undefined],
    ];
    for (const [redirectUrl, expected] of cases) {
      const body = await (await login(user.email, 'correct horse battery', {}, { redirectUrl })).json();
      expect(body.redirectUrl).toBe(expected);
    }
  });
});

describe('sessions', () => {
  it('are stored only as a hash: a stolen sessions table signs nobody in', async () => {
    const user = await newUser();
    const cookie = cookieOf(await login(user.email));
    const token = cookie.split('=')[1]!;
    const rows = await t.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id));
    expect(rows.map((r) => r.id)).toEqual([hashToken(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect((await t.get('/api/auth/user', { cookie: `session=${rows[0]!.id}` })).status).toBe(401);
  });

  it('answer 401 to anonymous and unknown-token callers', async () => {
    expect((await t.get('/api/auth/user')).status).toBe(401);
    const unknown = await t.get('/api/auth/user', { cookie: 'session=abcdefghijklmnopqrstuvwxyz234567' });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ message: 'Authentication required', issues: [] });
  });

  it('end on the next request once the user is deactivated or deleted', async () => {
    const user = await newUser();
    const cookie = cookieOf(await login(user.email));
    await t.db.update(schema.users).set({ isActive: false }).where(eq(schema.users.id, user.id));
    expect((await t.get('/api/auth/user', { cookie })).status).toBe(401);
    expect(await t.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id))).toHaveLength(0);

    const other = await newUser();
    const otherCookie = cookieOf(await login(other.email));
    await t.db.delete(schema.users).where(eq(schema.users.id, other.id));
    expect((await t.get('/api/auth/user', { cookie: otherCookie })).status).toBe(401);
  });

  it('expire after 30 days and are extended when less than 15 days remain', async () => {
    const user = await newUser();
    const cookie = cookieOf(await login(user.email));
    clock.offsetMs = 14 * 24 * 3600_000;
    const early = await t.get('/api/auth/user', { cookie });
    expect(early.status).toBe(200);
    expect(early.headers.get('set-cookie')).toBeNull();
    clock.offsetMs = 16 * 24 * 3600_000;
    const renewed = await t.get('/api/auth/user', { cookie });
    expect(renewed.status).toBe(200);
    expect(renewed.headers.get('set-cookie')).toMatch(/Max-Age=259\d{4}/);
    // Renewed on day 16 to day 46: still valid on day 45, gone on day 47 without a visit in between.
    clock.offsetMs = 47 * 24 * 3600_000;
    expect((await t.get('/api/auth/user', { cookie })).status).toBe(EXPIRED);
    clock.offsetMs = 0;
  });

  it('end with POST /api/auth/logout and with GET /api/logout, which goes home', async () => {
    const user = await newUser();
    const first = cookieOf(await login(user.email));
    const out = await t.post('/api/auth/logout', undefined, { cookie: first });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await t.get('/api/auth/user', { cookie: first })).status).toBe(401);

    const second = cookieOf(await login(user.email));
    const nav = await t.get('/api/logout', { cookie: second });
    expect(nav.status).toBe(302);
    expect(nav.headers.get('location')).toBe('/');
    expect((await t.get('/api/auth/user', { cookie: second })).status).toBe(401);
  });
});

const EXPIRED = 401;

describe('GET /api/login', () => {
  it('sends people to the client login page, keeping only a same-site return path', async () => {
    expect((await t.get('/api/login')).headers.get('location')).toBe('/client/login');
    expect((await t.get('/api/login?redirect=/client/dashboard/4')).headers.get('location')).toBe(
      '/client/login?redirect=%2Fclient%2Fdashboard%2F4',
    );
    expect((await t.get('/api/login?redirect=https://evil.example')).headers.get('location')).toBe('/client/login');
  });
});

describe('cross-site requests (D9)', () => {
  it('refuses a state-changing request from another origin or of unknown origin with 403', async () => {
    const user = await newUser();
    const body = { email: user.email, password: 'correct horse battery' };
    const evil = await t.post('/api/auth/login', body, { origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect(await evil.json()).toEqual({ message: 'This request must come from the site itself.', issues: [] });
    const contact = await t.post('/api/contact', { name: 'x' }, { origin: 'https://evil.example' });
    expect(contact.status).toBe(403);
    const none = await t.app.handle(
      new Request('http://localhost/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    expect(none.status).toBe(403);
    const sameSite = await t.app.handle(
      new Request('http://localhost/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify(body),
      }),
    );
    expect(sameSite.status).toBe(200);
  });
});

describe('profile', () => {
  it('updates first name and last name at once, and a change of letter case of the e-mail', async () => {
    const user = await newUser({ email: 'grace@example.com' });
    const cookie = cookieOf(await login(user.email));
    const updated = await t.request(
      'PUT',
      '/api/auth/profile',
      { firstName: ' Grace ', lastName: 'Hopper', email: 'Grace@Example.com' },
      { cookie },
    );
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email: 'Grace@Example.com' });
  });

  it('does not change the e-mail at once, and answers a taken and a free address alike (no 409)', async () => {
    const user = await newUser();
    const other = await newUser();
    const cookie = cookieOf(await login(user.email));
    const put = (email: string) =>
      t.request(
        'PUT',
        '/api/auth/profile',
        { firstName: 'G', lastName: 'H', email, currentPassword: 'correct horse battery' },
        { cookie },
      );
    const free = await put('grace.new@example.com');
    const taken = await put(other.email.toUpperCase());
    expect(free.status).toBe(202);
    expect(taken.status).toBe(202);
    const [freeBody, takenBody] = [await free.json(), await taken.json()];
    expect(freeBody.message).toBe(
      'We sent a confirmation link to the new address. Your email address changes once you open it.',
    );
    expect(takenBody.message).toBe(freeBody.message);
    expect(freeBody.user).toMatchObject({ email: user.email, firstName: 'G', lastName: 'H' });
    expect(takenBody.user).toMatchObject({ email: user.email });
    const me = await (await t.get('/api/auth/user', { cookie })).json();
    expect(me.email).toBe(user.email);
  });

  it('asks for the current password when the e-mail changes, and refuses a wrong one', async () => {
    const user = await newUser();
    const cookie = cookieOf(await login(user.email));
    const body = { firstName: 'G', lastName: 'H', email: 'elsewhere@example.com' };
    const missing = await t.request('PUT', '/api/auth/profile', body, { cookie });
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({
      message: 'Please enter your current password to change your email address',
      issues: [{ path: 'currentPassword', message: 'Please enter your current password to change your email address' }],
    });
    const wrong = await t.request('PUT', '/api/auth/profile', { ...body, currentPassword: 'not it' }, { cookie });
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).message).toBe('Your current password is incorrect');
    const hostile = await t.request(
      'PUT',
      '/api/auth/profile',
      { ...body, currentPassword: 'a\u0000b\ud800' },
      { cookie },
    );
    // Refused (wrong password, or hostile text refused before it): a 4xx, never a 500.
    expect([403, 422]).toContain(hostile.status);
    const long = await t.request('PUT', '/api/auth/profile', { ...body, currentPassword: 'p'.repeat(129) }, { cookie });
    expect(long.status).toBe(422);
    const rows = await t.db.select().from(schema.emailChanges).where(eq(schema.emailChanges.userId, user.id));
    expect(rows).toHaveLength(0);
  });

  it('allows 10 password tries for an e-mail change in 15 minutes, even in parallel', async () => {
    const user = await newUser();
    const cookie = cookieOf(await login(user.email));
    const body = { firstName: 'G', lastName: 'H', email: 'elsewhere@example.com', currentPassword: 'guess' };
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => t.request('PUT', '/api/auth/profile', body, { cookie })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 403)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    const right = await t.request(
      'PUT',
      '/api/auth/profile',
      { ...body, currentPassword: 'correct horse battery' },
      { cookie },
    );
    expect(right.status).toBe(429);
  });

  it.each([
    [{ firstName: '', lastName: 'H', email: 'a@b.co' }, 'First name is required'],
    [{ firstName: 'G', lastName: ' ', email: 'a@b.co' }, 'Last name is required'],
    [{ firstName: 'G', lastName: 'H', email: 'nope' }, 'Please enter a valid email address'],
  ])('explains what is wrong (%#)', async (body, message) => {
    const user = await newUser();
    const cookie = cookieOf(await login(user.email));
    const response = await t.request('PUT', '/api/auth/profile', body, { cookie });
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe(message);
  });

  it('is only for signed-in people', async () => {
    const response = await t.request('PUT', '/api/auth/profile', { firstName: 'a', lastName: 'b', email: 'a@b.co' });
    expect(response.status).toBe(401);
  });
});

describe('password reset requests', () => {
  it('answer a known and an unknown address identically, doing the same work for both (an event with the address)', async () => {
    const user = await newUser();
    const known = await t.post('/api/auth/request-password-reset', { email: user.email });
    const unknown = await t.post('/api/auth/request-password-reset', { email: 'nobody-here@example.com' });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    const knownBody = await known.json();
    expect(knownBody).toEqual(await unknown.json());
    expect(knownBody.message).toBe('If the email exists in our system, a password reset link has been sent.');
    const events = await t.db
      .select()
      .from(schema.outboxEvents)
      .where(eq(schema.outboxEvents.type, 'password_reset.requested_by_email'))
      .orderBy(schema.outboxEvents.createdAt);
    expect(events.map((e) => e.payload)).toEqual([{ email: user.email }, { email: 'nobody-here@example.com' }]);
  });

  it('ask for an address, and allow 3 an hour for one address', async () => {
    const empty = await t.post('/api/auth/request-password-reset', { email: '' });
    expect((await empty.json()).message).toBe('Please enter your email address');
    for (let i = 0; i < 3; i++)
      expect((await t.post('/api/auth/request-password-reset', { email: 'limit@example.com' })).status).toBe(202);
    expect((await t.post('/api/auth/request-password-reset', { email: 'LIMIT@example.com' })).status).toBe(429);
  });
});

describe('tokens in links', () => {
  it('are refused when unknown, with the valid flag false', async () => {
    const reg = await (await t.get('/api/auth/validate-registration-token/nope')).json();
    expect(reg).toMatchObject({ valid: false, user: null });
    const reset = await (await t.get('/api/auth/validate-reset-token/nope')).json();
    expect(reset).toEqual({
      valid: false,
      message: 'This password reset link is invalid or has expired. Please request a new one.',
      user: null,
    });
    const use = await t.post('/api/auth/reset-password', { token: 'nope', newPassword: 'long enough pass' });
    expect(use.status).toBe(400);
    expect((await use.json()).message).toBe(
      'This password reset link is invalid or has expired. Please request a new one.',
    );
  });

  it('tell the visitor of a spent invitation that their account is set up and to sign in (issue 26)', async () => {
    const user = await createUser(t.db, { passwordHash: null, accountSetupComplete: false });
    const token = 'an-invitation-token-of-the-test';
    await t.db.insert(schema.userTokens).values({
      userId: user.id,
      kind: 'registration',
      tokenHash: hashToken(token),
      expiresAt: new Date(clock.now().getTime() + 72 * 3600_000),
    });
    expect((await t.post('/api/auth/complete-registration', { token, password: 'chosen at sign-up' })).status).toBe(
      200,
    );
    const used =
      'This invitation has already been used: your account is set up. Please sign in with your e-mail and password.';
    expect(await (await t.get(`/api/auth/validate-registration-token/${token}`)).json()).toEqual({
      valid: false,
      message: used,
      user: null,
    });
    const again = await t.post('/api/auth/complete-registration', { token, password: 'another password' });
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe(used);
    // A link that names no account says nothing of one.
    expect((await (await t.get('/api/auth/validate-registration-token/nope')).json()).message).toBe(
      'This registration link is invalid or has expired. Please ask us for a new one.',
    );
  });

  it('need a new password of 8 to 128 characters', async () => {
    const short = await t.post('/api/auth/complete-registration', { token: 'x', password: 'short' });
    expect((await short.json()).message).toBe('Password must be at least 8 characters long');
    const long = await t.post('/api/auth/reset-password', { token: 'x', newPassword: 'p'.repeat(129) });
    expect((await long.json()).message).toBe('Password must be at most 128 characters long');
  });
});
