import { hashToken } from '@app/contracts/server';
import * as schema from '@app/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useMailingWorkers } from '../../../../workers/testing';
import { accountsWithPassword, cookieOf } from '../../../testing/accounts';
import { movableClock, useTestApp } from '../../../testing/app';

// Issues 12 and 32: a new profile e-mail takes effect only through a link sent to it.
const PASSWORD = 'correct horse battery';
const clock = movableClock();
const t = useTestApp({ clock });
const { smtp, workers } = useMailingWorkers(t);
const { newUser } = accountsWithPassword(t, PASSWORD);
const login = (email: string, password = PASSWORD) => t.post('/api/auth/login', { email, password });

async function requestChange(email: string, cookie: string) {
  const response = await t.request(
    'PUT',
    '/api/auth/profile',
    { firstName: 'Ada', lastName: 'Lovelace', email, currentPassword: PASSWORD },
    { cookie },
  );
  expect(response.status).toBe(202);
  return response.json();
}

/** The token of the confirmation link in the `count`th e-mail to this address. */
async function confirmationToken(address: string, count = 1) {
  await smtp.waitFor(() => smtp.to(address).length >= count);
  const message = smtp.to(address)[count - 1]!;
  const match = message.text.match(/http:\/\/localhost:3000\/confirm-email\?token=([a-z2-7]+)/);
  expect(match, `a confirmation link in the e-mail to ${address}`).toBeTruthy();
  return { token: match![1]!, message };
}

/** A signed-in user at `email` who asked to change it to `newEmail`, and the token of the link sent there. */
async function pendingChange(email: string, newEmail: string) {
  const user = await newUser({ email });
  const cookie = cookieOf(await login(user.email));
  await requestChange(newEmail, cookie);
  return { user, ...(await confirmationToken(newEmail)) };
}

const confirm = (token: string) => t.post('/api/auth/confirm-email-change', { token });
const userRow = async (id: number) => (await t.db.select().from(schema.users).where(eq(schema.users.id, id)))[0]!;

describe('changing the profile e-mail', () => {
  it('changes the address only when the 24-hour link sent to it is opened, once; the old address is told', async () => {
    const user = await newUser({ firstName: 'Ada', email: 'ada.old@example.com' });
    const cookie = cookieOf(await login(user.email));
    const answer = await requestChange('Ada.New@example.com', cookie);
    expect(answer.pendingEmail).toBe('Ada.New@example.com');
    expect((await userRow(user.id)).email).toBe('ada.old@example.com');

    const { token, message } = await confirmationToken('Ada.New@example.com');
    expect(message.subject).toBe('Confirm your new Lucid Insight e-mail address');
    expect(message.text).toContain('expires in 24 hours');
    // A time a reader can place: with its zone (issue 26).
    expect(message.text).toMatch(/expires in 24 hours \(\w+day, .+ \d{1,2}:\d{2}\s[AP]M [A-Z]{3,4}\)/);
    // Hashed: the raw token is in no table, event or job.
    const dump = JSON.stringify([
      await t.db.select().from(schema.emailChanges),
      await t.db.select().from(schema.outboxEvents),
      await workers.jobs(),
    ]);
    expect(dump).not.toContain(token);
    const [stored] = await t.db.select().from(schema.emailChanges).where(eq(schema.emailChanges.userId, user.id));
    expect(stored?.tokenHash).toBe(hashToken(token));
    const lifetime = stored!.expiresAt!.getTime() - stored!.createdAt.getTime();
    expect(Math.abs(lifetime - 24 * 3600_000)).toBeLessThan(60_000);
    // The events carry ids only (D7).
    const events = await t.db.select().from(schema.outboxEvents);
    expect(events.filter((e) => e.type === 'email_change.requested').map((e) => e.payload)).toEqual([
      { emailChangeId: stored!.id },
    ]);

    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({
      message: 'Your email address is now Ada.New@example.com. Please sign in with it.',
      email: 'Ada.New@example.com',
    });
    expect((await userRow(user.id)).email).toBe('Ada.New@example.com');
    // Every session ends: whoever was signed in under the old address signs in again.
    expect((await t.get('/api/auth/user', { cookie })).status).toBe(401);
    expect((await login('ada.old@example.com')).status).toBe(401);
    expect((await login('ada.new@example.com')).status).toBe(200);

    await smtp.waitFor(() => smtp.to('ada.old@example.com').length >= 1);
    const notice = smtp.to('ada.old@example.com')[0]!;
    expect(notice.subject).toBe('Your Lucid Insight e-mail address was changed');
    expect(notice.text).toContain('changed from ada.old@example.com to Ada.New@example.com');
    expect(notice.text).not.toMatch(/token=/);
    expect(notice.text).toMatch(/\d{1,2}:\d{2}\s[AP]M [A-Z]{3,4}\b/);

    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe(
      'This confirmation link is invalid or has expired. Please change your email address again.',
    );
  });

  it('sends no link to an address that has an account (its owner gets a notice) and answers as for any other', async () => {
    const owner = await newUser({ firstName: 'Owner', email: 'owner@example.com' });
    const user = await newUser({ email: 'asker@example.com' });
    const cookie = cookieOf(await login(user.email));
    const answer = await requestChange('OWNER@example.com', cookie);
    expect(answer.message).toBe(
      'We sent a confirmation link to the new address. Your email address changes once you open it.',
    );
    await smtp.waitFor(() => smtp.to(owner.email).length >= 1);
    const notice = smtp.to(owner.email)[0]!;
    expect(notice.subject).toBe('Someone tried to use your e-mail address at Lucid Insight');
    expect(notice.text).not.toContain('token=');
    expect(notice.text).not.toContain('asker@example.com');
    const [change] = await t.db.select().from(schema.emailChanges).where(eq(schema.emailChanges.userId, user.id));
    expect(change?.tokenHash).toBeNull();
    expect((await userRow(user.id)).email).toBe('asker@example.com');
  });

  it('keeps only the newest link valid, and a link expires after 24 hours', async () => {
    const user = await newUser({ email: 'newest@example.com' });
    const cookie = cookieOf(await login(user.email));
    await requestChange('first.choice@example.com', cookie);
    const first = await confirmationToken('first.choice@example.com');
    await requestChange('second.choice@example.com', cookie);
    const second = await confirmationToken('second.choice@example.com');
    expect((await confirm(first.token)).status).toBe(400);

    clock.offsetMs = 24 * 3600_000 + 60_000;
    try {
      expect((await confirm(second.token)).status).toBe(400);
    } finally {
      clock.offsetMs = 0;
    }
    expect((await userRow(user.id)).email).toBe('newest@example.com');
  });

  it('refuses with a clear 409 when the address was taken by another account meanwhile', async () => {
    const { user, token } = await pendingChange('slow@example.com', 'contested@example.com');
    await newUser({ email: 'Contested@example.com' });
    const answer = await confirm(token);
    expect(answer.status).toBe(409);
    expect((await answer.json()).message).toBe(
      'This email address is now used by another account. Please choose another address.',
    );
    expect((await userRow(user.id)).email).toBe('slow@example.com');
  });

  it('confirms once when the link is opened 10 times in parallel', async () => {
    const { user, token } = await pendingChange('racer@example.com', 'racer.new@example.com');
    const answers = await Promise.all(Array.from({ length: 10 }, () => confirm(token)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(9);
    const [change] = await t.db.select().from(schema.emailChanges).where(eq(schema.emailChanges.userId, user.id));
    const confirmations = (await t.db.select().from(schema.outboxEvents)).filter(
      (e) => e.type === 'email_change.confirmed' && e.payload.emailChangeId === change?.id,
    );
    expect(confirmations).toHaveLength(1);
    expect((await userRow(user.id)).email).toBe('racer.new@example.com');
  });

  it('stops the links of a pending change once the password is reset, and of old-address links once changed', async () => {
    const { user, token } = await pendingChange('reset.first@example.com', 'never.mind@example.com');
    await t.post('/api/auth/request-password-reset', { email: user.email });
    await smtp.waitFor(() => smtp.to(user.email).length >= 1);
    const resetToken = smtp.to(user.email)[0]!.text.match(/reset-password\?token=([a-z2-7]+)/)![1]!;
    expect(
      (await t.post('/api/auth/reset-password', { token: resetToken, newPassword: 'brand new pass' })).status,
    ).toBe(200);
    expect((await confirm(token)).status).toBe(400);

    // A reset link sent to the old address stops working once the address changed.
    const cookie2 = cookieOf(await login(user.email, 'brand new pass'));
    await t.request(
      'PUT',
      '/api/auth/profile',
      { firstName: 'A', lastName: 'B', email: 'moved@example.com', currentPassword: 'brand new pass' },
      { cookie: cookie2 },
    );
    await t.post('/api/auth/request-password-reset', { email: user.email });
    await smtp.waitFor(() => smtp.to(user.email).length >= 2);
    const oldLink = smtp.to(user.email)[1]!.text.match(/reset-password\?token=([a-z2-7]+)/)![1]!;
    const moved = await confirmationToken('moved@example.com');
    expect((await confirm(moved.token)).status).toBe(200);
    expect((await (await t.get(`/api/auth/validate-reset-token/${oldLink}`)).json()).valid).toBe(false);
  });

  it.each([
    ['', 422],
    ['x'.repeat(201), 422],
    ['unknown-token', 400],
  ])('refuses a bad token %# with a 4xx', async (token, status) => {
    expect((await confirm(token)).status).toBe(status);
  });

  it.each(['nul\u0000byte', 'lone\ud800surrogate'])(
    'refuses hostile text as a token with a 4xx (%#)',
    async (token) => {
      const status = (await confirm(token)).status;
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    },
  );
});
