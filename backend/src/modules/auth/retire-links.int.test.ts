import { generateToken, hashToken } from '@app/contracts/server';
import * as schema from '@app/db/schema';
import { createUser } from '@app/db/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cookieOf } from '../../../testing/accounts';
import { useAdminTestApp } from '../../../testing/admin';
import { createAdmin } from '../users/create-admin.service';

// Issue 26, item 1 (decision 045): every way a password or an address changes retires the person's outstanding
// reset, invitation and e-mail-change links, in the transaction of the change.
const { t, admin, as, signIn } = useAdminTestApp();
const PASSWORD = 'admin password 1';

const inAnHour = () => new Date(Date.now() + 3600_000);

/** The three kinds of link a person may have waiting, as the worker mints them (D7): raw tokens for the test. */
async function linksOf(userId: number) {
  const reset = generateToken();
  const invitation = generateToken();
  const emailChange = generateToken();
  await t.db.insert(schema.userTokens).values([
    { userId, kind: 'password_reset', tokenHash: hashToken(reset), expiresAt: inAnHour() },
    { userId, kind: 'registration', tokenHash: hashToken(invitation), expiresAt: inAnHour() },
  ]);
  await t.db.insert(schema.emailChanges).values({
    userId,
    newEmail: `elsewhere-${userId}@example.com`,
    tokenHash: hashToken(emailChange),
    expiresAt: inAnHour(),
  });
  return { reset, invitation, emailChange };
}

const resetWorks = async (token: string) =>
  (await (await t.get(`/api/auth/validate-reset-token/${token}`)).json()).valid as boolean;

/** None of the links works any more: the reset and invitation are refused, the e-mail change too. */
async function expectRetired(links: { reset: string; invitation: string; emailChange: string }) {
  expect(await resetWorks(links.reset)).toBe(false);
  expect((await t.post('/api/auth/reset-password', { token: links.reset, newPassword: 'taken over 123' })).status).toBe(
    400,
  );
  expect(
    (await t.post('/api/auth/complete-registration', { token: links.invitation, password: 'taken over 123' })).status,
  ).toBe(400);
  expect((await t.post('/api/auth/confirm-email-change', { token: links.emailChange })).status).toBe(400);
}

const changePassword = (cookie: string, currentPassword: string, newPassword: string) =>
  t.request('POST', '/api/auth/change-password', { currentPassword, newPassword }, { cookie });

describe('links retired when the password or the address changes', () => {
  it('a password changed on the account page retires the reset, invitation and e-mail-change links', async () => {
    const person = await signIn();
    const links = await linksOf(person.id);
    expect(await resetWorks(links.reset)).toBe(true);
    expect((await changePassword(person.cookie, PASSWORD, 'a brand new password')).status).toBe(200);
    await expectRetired(links);
    // The old reset link did not sign anyone in or change the password: the new one still works.
    expect((await t.post('/api/auth/login', { email: person.email, password: 'a brand new password' })).status).toBe(
      200,
    );
  });

  it("an administrator's change of the address retires them; a change of letter case alone does not", async () => {
    const person = await createUser(t.db, { email: 'Case.Only@example.com' });
    const links = await linksOf(person.id);
    const edit = (email: string) =>
      as(admin).send('PUT', `/api/admin/users/${person.id}`, { email, organizationIds: [] });
    expect((await edit('case.only@example.com')).status).toBe(200);
    expect(await resetWorks(links.reset)).toBe(true);
    expect((await edit('moved.elsewhere@example.com')).status).toBe(200);
    await expectRetired(links);
  });

  it('a reset link, an invitation and a confirmed e-mail change each retire the others', async () => {
    for (const use of ['reset', 'invitation', 'emailChange'] as const) {
      const person = await createUser(t.db, { accountSetupComplete: use !== 'invitation' });
      const links = await linksOf(person.id);
      const answer =
        use === 'reset'
          ? await t.post('/api/auth/reset-password', { token: links.reset, newPassword: 'chosen by link 1' })
          : use === 'invitation'
            ? await t.post('/api/auth/complete-registration', { token: links.invitation, password: 'chosen 12345' })
            : await t.post('/api/auth/confirm-email-change', { token: links.emailChange });
      expect(answer.status, use).toBe(200);
      await expectRetired(links);
    }
  });

  it('the create-admin command setting a password retires them', async () => {
    const person = await createUser(t.db, { email: 'promoted.by.cli@example.com' });
    const links = await linksOf(person.id);
    await createAdmin(t.db, { email: person.email, password: 'set from the command line' });
    await expectRetired(links);
  });

  it('a reset link used while the password is changed never works after the change (5 rounds in parallel)', async () => {
    for (let round = 0; round < 5; round++) {
      const person = await signIn();
      const { reset } = await linksOf(person.id);
      const [resetAnswer, changeAnswer] = await Promise.all([
        t.post('/api/auth/reset-password', { token: reset, newPassword: `reset password ${round}` }),
        changePassword(person.cookie, PASSWORD, `changed password ${round}`),
      ]);
      // Exactly one of them sets the password: a change after the reset no longer has the current password, a reset
      // after the change finds its link retired.
      expect([resetAnswer.status, changeAnswer.status].sort()).toEqual([200, 400]);
      expect(await resetWorks(reset)).toBe(false);
      const winner = resetAnswer.status === 200 ? `reset password ${round}` : `changed password ${round}`;
      expect((await t.post('/api/auth/login', { email: person.email, password: winner })).status).toBe(200);
    }
    // Each round hashes passwords with Argon2id: slow on a busy machine, so a generous limit (nothing is timed).
  }, 180_000);

  it('refuses hostile tokens with a 4xx, never a 500', async () => {
    for (const token of ['\u0000abc', '\ud800', 'x'.repeat(100_000), '../../etc']) {
      const answer = await t.post('/api/auth/reset-password', { token, newPassword: 'whatever 1234' });
      expect(answer.status, JSON.stringify(token.slice(0, 10))).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
  });

  it('a session of the person whose password was changed by a reset link ends (D6)', async () => {
    const person = await signIn();
    const { reset } = await linksOf(person.id);
    expect((await t.post('/api/auth/reset-password', { token: reset, newPassword: 'after the reset 1' })).status).toBe(
      200,
    );
    expect((await t.get('/api/auth/user', { cookie: person.cookie })).status).toBe(401);
    const again = cookieOf(await t.post('/api/auth/login', { email: person.email, password: 'after the reset 1' }));
    expect((await t.get('/api/auth/user', { cookie: again })).status).toBe(200);
    const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, person.id));
    expect(row?.passwordChangedAt).toBeInstanceOf(Date);
  });
});
