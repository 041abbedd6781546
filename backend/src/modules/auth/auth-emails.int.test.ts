import * as schema from '@app/db/schema';
import { createUser } from '@app/db/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useMailingWorkers } from '../../../../workers/testing';
import { accountsWithPassword, cookieOf } from '../../../testing/accounts';
import { movableClock, useTestApp } from '../../../testing/app';
import { inviteUser } from '../users/invite.service';

const clock = movableClock();
const t = useTestApp({ clock });
const { smtp, workers } = useMailingWorkers(t);

/** The token in the link of the newest e-mail to this address. */
async function linkToken(address: string, path: '/register' | '/reset-password', count = 1) {
  await smtp.waitFor(() => smtp.to(address).length >= count);
  const message = smtp.to(address)[count - 1];
  const match = message?.text.match(new RegExp(`http://localhost:3000${path}\\?token=([a-z2-7]+)`));
  expect(match, `a ${path} link in the e-mail to ${address}`).toBeTruthy();
  return { token: match![1]!, message: message! };
}

const login = (email: string, password: string) => t.post('/api/auth/login', { email, password });

describe('password reset by e-mail', () => {
  it('e-mails a one-hour link whose token is stored only as a hash, works once, and ends every other session', async () => {
    const user = await accountsWithPassword(t, 'old password 1').newUser({ firstName: 'Katherine' });
    const oldSession = cookieOf(await login(user.email, 'old password 1'));
    expect((await t.post('/api/auth/request-password-reset', { email: user.email })).status).toBe(202);

    const { token, message } = await linkToken(user.email, '/reset-password');
    expect(message.subject).toBe('Reset your Lucid Insight password');
    expect(message.text).toContain('expires in 1 hour');
    expect(message.text).toContain("If you didn't ask for this, you can ignore this e-mail");
    expect(message.html).toContain(`/reset-password?token=${token}`);

    // No raw token anywhere but the e-mail: not in the tokens table, the outbox or the jobs.
    const dump = JSON.stringify([
      await t.db.select().from(schema.userTokens),
      await t.db.select().from(schema.outboxEvents),
      await workers.jobs(),
    ]);
    expect(dump).not.toContain(token);

    const validation = await (await t.get(`/api/auth/validate-reset-token/${token}`)).json();
    expect(validation).toEqual({
      valid: true,
      message: 'Token is valid',
      user: { email: user.email, firstName: 'Katherine' },
    });

    const reset = await t.post('/api/auth/reset-password', { token, newPassword: 'new password 2' });
    expect(reset.status).toBe(200);
    expect((await t.get('/api/auth/user', { cookie: oldSession })).status).toBe(401);
    expect((await login(user.email, 'old password 1')).status).toBe(401);
    expect((await login(user.email, 'new password 2')).status).toBe(200);

    const again = await t.post('/api/auth/reset-password', { token, newPassword: 'third password 3' });
    expect(again.status).toBe(400);
    expect((await (await t.get(`/api/auth/validate-reset-token/${token}`)).json()).valid).toBe(false);
  });

  it('keeps only the newest link valid, and a link expires after an hour', async () => {
    const user = await accountsWithPassword(t, 'password one').newUser();
    await t.post('/api/auth/request-password-reset', { email: user.email });
    const first = await linkToken(user.email, '/reset-password', 1);
    await t.post('/api/auth/request-password-reset', { email: user.email });
    const second = await linkToken(user.email, '/reset-password', 2);
    expect(second.token).not.toBe(first.token);
    expect((await (await t.get(`/api/auth/validate-reset-token/${first.token}`)).json()).valid).toBe(false);
    expect((await (await t.get(`/api/auth/validate-reset-token/${second.token}`)).json()).valid).toBe(true);

    clock.offsetMs = 61 * 60_000;
    expect((await (await t.get(`/api/auth/validate-reset-token/${second.token}`)).json()).valid).toBe(false);
    expect(
      (await t.post('/api/auth/reset-password', { token: second.token, newPassword: 'password two' })).status,
    ).toBe(400);
    clock.offsetMs = 0;
  });

  it('sends nothing to an unknown or deactivated address', async () => {
    const inactive = await accountsWithPassword(t, 'password one').newUser({
      isActive: false,
      accountSetupComplete: false,
    });
    await t.post('/api/auth/request-password-reset', { email: inactive.email });
    await t.post('/api/auth/request-password-reset', { email: 'ghost@example.com' });
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.to(inactive.email)).toHaveLength(0);
    expect(smtp.to('ghost@example.com')).toHaveLength(0);
  });
});

describe('invitations', () => {
  it('e-mail a 72-hour registration link; completing it sets the password and marks the account set up, once', async () => {
    const user = await createUser(t.db, { firstName: 'Dorothy', email: 'dorothy@example.com' });
    await inviteUser(t.deps, user.id);
    const { token, message } = await linkToken(user.email, '/register');
    expect(message.subject).toBe("You're invited to the Lucid Insight client portal");
    expect(message.text).toContain('Welcome to Lucid Insight, Dorothy');
    expect(message.text).toContain('expires in 72 hours');

    const validation = await (await t.get(`/api/auth/validate-registration-token/${token}`)).json();
    expect(validation).toEqual({
      valid: true,
      message: 'Token is valid',
      user: { email: 'dorothy@example.com', firstName: 'Dorothy' },
    });
    const short = await t.post('/api/auth/complete-registration', { token, password: 'short' });
    expect(short.status).toBe(422);
    const done = await t.post('/api/auth/complete-registration', { token, password: 'dorothy password' });
    expect(done.status).toBe(200);
    expect((await done.json()).message).toBe('Your account has been set up. You are signed in.');
    const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row?.accountSetupComplete).toBe(true);
    expect((await login(user.email, 'dorothy password')).status).toBe(200);
    expect((await t.post('/api/auth/complete-registration', { token, password: 'another password' })).status).toBe(400);
  });

  it('are invalid for a deactivated user and after 72 hours', async () => {
    const user = await createUser(t.db, { email: 'late@example.com' });
    await inviteUser(t.deps, user.id);
    const { token } = await linkToken(user.email, '/register');
    clock.offsetMs = 73 * 3600_000;
    expect((await (await t.get(`/api/auth/validate-registration-token/${token}`)).json()).valid).toBe(false);
    clock.offsetMs = 0;
    await t.db.update(schema.users).set({ isActive: false }).where(eq(schema.users.id, user.id));
    expect((await (await t.get(`/api/auth/validate-registration-token/${token}`)).json()).valid).toBe(false);
    expect((await t.post('/api/auth/complete-registration', { token, password: 'some password' })).status).toBe(400);
  });
});
