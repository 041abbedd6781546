import * as schema from '@app/db/schema';
import { createUser } from '@app/db/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useMailingWorkers } from '../../../../workers/testing';
import { useAdminTestApp } from '../../../testing/admin';

// Issue 26, item 13: making an administrator of a person who signs in only through single sign-on (no password)
// would lock them out; the change e-mails them a link to set a password, and says so.
const { t, admin, as } = useAdminTestApp();
const { smtp } = useMailingWorkers(t);

let counter = 0;
const ssoOnly = () =>
  createUser(t.db, { email: `sso.only.${++counter}@example.com`, passwordHash: null, accountSetupComplete: true });
const makeAdmin = (id: number) => as(admin).send('POST', `/api/admin/users/${id}/toggle-admin`, { isAdmin: true });

async function setPasswordLink(address: string) {
  await smtp.waitFor(() => smtp.to(address).length >= 1);
  const [message] = smtp.to(address);
  const token = message!.text.match(/http:\/\/localhost:3000\/reset-password\?token=([a-z2-7]+)/)?.[1];
  expect(token, 'a link to set a password').toBeTruthy();
  return { message: message!, token: token! };
}

describe('making an administrator of a person without a password', () => {
  it('e-mails them a link to set one, says so, and the link sets a password they can sign in with', async () => {
    const person = await ssoOnly();
    const response = await makeAdmin(person.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ isAdmin: true, hasPassword: false, passwordLinkSent: true });
    const { message, token } = await setPasswordLink(person.email);
    expect(message.subject).toBe('Set a password for your Lucid Insight account');
    expect(message.text).toContain('has no password yet');
    expect((await t.post('/api/auth/reset-password', { token, newPassword: 'my first password' })).status).toBe(200);
    const signedIn = await t.post('/api/auth/login', { email: person.email, password: 'my first password' });
    expect(signedIn.status).toBe(200);
    const [audit] = await (await as(admin).get('/api/admin/audit')).json();
    expect(audit).toMatchObject({ action: 'user.grant-admin', changes: { passwordLinkSent: true } });
  });

  it('sends nothing to a person who has a password, nor when rights are taken away', async () => {
    const withPassword = await createUser(t.db, { email: `has.password.${++counter}@example.com` });
    await t.db.update(schema.users).set({ passwordHash: 'x' }).where(eq(schema.users.id, withPassword.id));
    expect(await (await makeAdmin(withPassword.id)).json()).toMatchObject({ isAdmin: true, passwordLinkSent: false });
    const person = await ssoOnly();
    await t.db.update(schema.users).set({ isAdmin: true }).where(eq(schema.users.id, person.id));
    const revoked = await as(admin).send('POST', `/api/admin/users/${person.id}/toggle-admin`, { isAdmin: false });
    expect(await revoked.json()).toMatchObject({ isAdmin: false, passwordLinkSent: false });
    const events = await t.db.select().from(schema.outboxEvents);
    const forThem = events.filter((e) =>
      [withPassword.id, person.id].includes((e.payload as { userId?: number }).userId!),
    );
    expect(forThem).toEqual([]);
  });

  it('the edit form making them an administrator sends the link too', async () => {
    const person = await ssoOnly();
    const response = await as(admin).send('PUT', `/api/admin/users/${person.id}`, {
      email: person.email,
      isAdmin: true,
      organizationIds: [],
    });
    expect(await response.json()).toMatchObject({ isAdmin: true, passwordLinkSent: true });
    await setPasswordLink(person.email);
  });

  it('queues one link when made an administrator 5 times at once', async () => {
    const person = await ssoOnly();
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => makeAdmin(person.id)));
    const sent = await Promise.all(answers.map(async (a) => (await a.json()).passwordLinkSent));
    expect(sent.filter(Boolean)).toHaveLength(1);
    const events = (await t.db.select().from(schema.outboxEvents)).filter(
      (e) => e.type === 'password_reset.requested' && (e.payload as { userId: number }).userId === person.id,
    );
    expect(events).toHaveLength(1);
  });
});
