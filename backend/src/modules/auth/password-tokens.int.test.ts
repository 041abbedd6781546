import * as schema from '@app/db/schema';
import { createUser, issueUserToken } from '@app/db/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../testing/app';

// Issue 24: setting a password by any route marks the account set up and retires every invitation and reset link.
const t = useTestApp();

/** A link as the worker mints it (D7): the raw token for the test, only its hash in the table. */
const issue = (userId: number, kind: 'registration' | 'password_reset', hours: number) =>
  issueUserToken(t.db, userId, kind, hours);

const cookieOf = (response: Response) => (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
const completeRegistration = (token: string, password: string) =>
  t.post('/api/auth/complete-registration', { token, password });
const resetPassword = (token: string, newPassword: string) =>
  t.post('/api/auth/reset-password', { token, newPassword });
const userRow = async (id: number) => (await t.db.select().from(schema.users).where(eq(schema.users.id, id)))[0]!;

describe('links that set a password', () => {
  it('an invitation link no longer works once the invited person set a password through a reset', async () => {
    const user = await createUser(t.db, { passwordHash: null });
    const invitation = await issue(user.id, 'registration', 72);
    const reset = await issue(user.id, 'password_reset', 1);

    expect((await resetPassword(reset, 'chosen by reset')).status).toBe(200);
    expect((await userRow(user.id)).accountSetupComplete).toBe(true);
    const session = cookieOf(await t.post('/api/auth/login', { email: user.email, password: 'chosen by reset' }));
    expect((await t.get('/api/auth/user', { cookie: session })).status).toBe(200);

    expect((await (await t.get(`/api/auth/validate-registration-token/${invitation}`)).json()).valid).toBe(false);
    const takeover = await completeRegistration(invitation, 'attacker password');
    expect(takeover.status).toBe(400);
    // The person keeps their password and their session.
    expect((await t.get('/api/auth/user', { cookie: session })).status).toBe(200);
    expect((await t.post('/api/auth/login', { email: user.email, password: 'attacker password' })).status).toBe(401);
    const tokens = await t.db.select().from(schema.userTokens).where(eq(schema.userTokens.userId, user.id));
    expect(tokens.every((row) => row.usedAt)).toBe(true);
  });

  it('a reset link no longer works once the invitation was completed, nor an older invitation', async () => {
    const user = await createUser(t.db, { passwordHash: null });
    const olderInvitation = await issue(user.id, 'registration', 72);
    const reset = await issue(user.id, 'password_reset', 1);
    const invitation = await issue(user.id, 'registration', 72);

    expect((await completeRegistration(invitation, 'chosen at sign-up')).status).toBe(200);
    expect((await (await t.get(`/api/auth/validate-reset-token/${reset}`)).json()).valid).toBe(false);
    expect((await resetPassword(reset, 'another password')).status).toBe(400);
    expect((await completeRegistration(olderInvitation, 'another password')).status).toBe(400);
    expect((await t.post('/api/auth/login', { email: user.email, password: 'chosen at sign-up' })).status).toBe(200);
  });

  it('sets the password once when one reset link is used 10 times in parallel', async () => {
    const user = await createUser(t.db, { passwordHash: null, accountSetupComplete: true });
    const reset = await issue(user.id, 'password_reset', 1);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => resetPassword(reset, `password number ${i}`)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(9);
    const winner = statuses.indexOf(200);
    expect((await t.post('/api/auth/login', { email: user.email, password: `password number ${winner}` })).status).toBe(
      200,
    );
  });

  it('lets only one of an invitation and a reset link used at the same moment set the password', async () => {
    const user = await createUser(t.db, { passwordHash: null });
    const invitation = await issue(user.id, 'registration', 72);
    const reset = await issue(user.id, 'password_reset', 1);
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => completeRegistration(invitation, 'by invitation')),
      ...Array.from({ length: 5 }, () => resetPassword(reset, 'by reset link')),
    ]);
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(9);
    expect((await userRow(user.id)).accountSetupComplete).toBe(true);
  });
});
