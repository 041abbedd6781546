import * as schema from '@app/db/schema';
import { createUser, issueUserToken } from '@app/db/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountsWithPassword } from '../../../testing/accounts';
import { useTestApp } from '../../../testing/app';

/**
 * Issue 26: an invitation or a reset link that sets the password signs the person in, so they land where they were
 * going instead of on an empty sign-in page or signed out on the home page; the second factor is still asked of
 * anyone who has one, and an administrator signs in on the sign-in page.
 */
const t = useTestApp();
const { signIn } = accountsWithPassword(t, 'the old password');

const issue = (userId: number, kind: 'registration' | 'password_reset') => issueUserToken(t.db, userId, kind);

const cookies = (response: Response) => response.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
const sessionCookie = (response: Response) => cookies(response).find((c) => c.startsWith('session=')) ?? '';
const signInEvents = (userId: number) =>
  t.db.select().from(schema.signInEvents).where(eq(schema.signInEvents.userId, userId));

describe('a password set with an e-mailed link (issue 26)', () => {
  it('signs an invited client in once the invitation is completed, and records the sign-in', async () => {
    const user = await createUser(t.db, { passwordHash: null, accountSetupComplete: false, firstName: 'Ivy' });
    const token = await issue(user.id, 'registration');
    const response = await t.post('/api/auth/complete-registration', { token, password: 'chosen at sign-up' });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      signedIn: true,
      user: { id: user.id, email: user.email, accountSetupComplete: true },
    });
    expect(body.message).toBe('Your account has been set up. You are signed in.');
    const me = await t.get('/api/auth/user', { cookie: sessionCookie(response) });
    expect(me.status).toBe(200);
    expect((await me.json()).id).toBe(user.id);
    expect(await signInEvents(user.id)).toMatchObject([{ result: 'success', reason: 'registration_completed' }]);
  });

  it('signs a client in after a reset, ending every other session', async () => {
    const { user, cookie: old } = await signIn();
    expect((await t.get('/api/auth/user', { cookie: old })).status).toBe(200);
    const token = await issue(user.id, 'password_reset');
    const response = await t.post('/api/auth/reset-password', { token, newPassword: 'a brand new one' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ signedIn: true, user: { id: user.id } });
    expect((await t.get('/api/auth/user', { cookie: sessionCookie(response) })).status).toBe(200);
    expect((await t.get('/api/auth/user', { cookie: old })).status).toBe(401);
  });

  it('asks for the second factor of someone who has one: no session, a pending sign-in', async () => {
    const user = await createUser(t.db);
    await t.db
      .insert(schema.twoFactorCredentials)
      .values({ userId: user.id, sealedKey: 'v1.x', enabledAt: new Date() });
    const token = await issue(user.id, 'password_reset');
    const response = await t.post('/api/auth/reset-password', { token, newPassword: 'a brand new one' });
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ secondFactorRequired: true });
    expect(sessionCookie(response)).toBe('');
    expect(cookies(response).some((c) => c.startsWith('pending_sign_in=') && c.length > 20)).toBe(true);
    for (const cookie of cookies(response)) expect((await t.get('/api/auth/user', { cookie })).status).toBe(401);
  });

  it('signs no administrator in: they sign in on the sign-in page, where the second-factor rule applies', async () => {
    const admin = await createUser(t.db, { isAdmin: true });
    const token = await issue(admin.id, 'password_reset');
    const response = await t.post('/api/auth/reset-password', { token, newPassword: 'a brand new one' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: 'Your password has been updated. You can now log in.',
      signedIn: false,
    });
    expect(sessionCookie(response)).toBe('');
  });

  it('signs in once for 10 parallel uses of one link: the others are refused, with no session', async () => {
    const user = await createUser(t.db, { passwordHash: null, accountSetupComplete: false });
    const token = await issue(user.id, 'registration');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.post('/api/auth/complete-registration', { token, password: 'chosen once!' })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(400)]);
    expect(answers.filter((r) => sessionCookie(r) !== '')).toHaveLength(1);
    expect(await t.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id))).toHaveLength(1);
  });
});
