import * as schema from '@app/db/schema';
import { createUser, issueUserToken } from '@app/db/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cookieOf } from '../../../testing/accounts';
import { useAdminTestApp } from '../../../testing/admin';
import { createAdmin } from '../users/create-admin.service';

// Issue 26, item 19: the account page's own export, and when the password was last set.
const { t, admin, as, signIn } = useAdminTestApp();

/** Without the moments of the export itself, which differ between two exports. */
const comparable = (data: Record<string, unknown>) => ({ ...data, exportedAt: null, actionsOnOthers: null });

describe('GET /api/account/personal-data', () => {
  it("answers the person's own export, the same as the administrator's for that address, as a download", async () => {
    const person = await signIn({ firstName: 'Own', lastName: 'Export' });
    const own = await as(person).get('/api/account/personal-data');
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('no-store');
    expect(own.headers.get('content-disposition')).toBe('attachment; filename="my-data.json"');
    const mine = await own.json();
    expect(mine.account).toMatchObject({ id: person.id, firstName: 'Own', lastName: 'Export' });
    const byAdmin = await (await as(admin).get(`/api/admin/personal-data?email=${person.email}`)).json();
    // The admin's export lists the person's own export among their audit entries; the rest is equal.
    expect(comparable({ ...byAdmin, auditEntries: null })).toEqual(comparable({ ...mine, auditEntries: null }));
    expect(JSON.stringify(mine)).not.toContain(admin.email);
  });

  it('is for signed-in people only', async () => {
    expect((await t.get('/api/account/personal-data')).status).toBe(401);
  });

  it('gives a person 5 exports an hour, even asked 10 at once', async () => {
    const person = await signIn();
    const answers = await Promise.all(Array.from({ length: 10 }, () => as(person).get('/api/account/personal-data')));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect((await refused.json()).message).toBe('Too many attempts. Please try again later.');
    // Another person is not limited by the first.
    expect((await as(await signIn()).get('/api/account/personal-data')).status).toBe(200);
  });
});

describe('when the password was last set', () => {
  const seen = async (cookie: string) => (await (await t.get('/api/auth/user', { cookie })).json()).passwordChangedAt;

  it('is known after every way of setting one, and absent without one', async () => {
    const person = await signIn();
    expect(await seen(person.cookie)).toEqual(expect.any(String));
    const before = Date.parse(await seen(person.cookie));
    const changed = await t.request(
      'POST',
      '/api/auth/change-password',
      { currentPassword: 'admin password 1', newPassword: 'another password 1' },
      { cookie: person.cookie },
    );
    expect(changed.status).toBe(200);
    expect(Date.parse(await seen(person.cookie))).toBeGreaterThanOrEqual(before);

    const invited = await createUser(t.db, { passwordHash: null });
    const token = await issueUserToken(t.db, invited.id, 'registration');
    const listed = async () =>
      (
        (await (await as(admin).get(`/api/admin/users?email=${invited.email}`)).json()) as {
          id: number;
          hasPassword: boolean;
          passwordChangedAt: string | null;
        }[]
      ).find((u) => u.id === invited.id);
    expect(await listed()).toMatchObject({ hasPassword: false, passwordChangedAt: null });
    expect((await t.post('/api/auth/complete-registration', { token, password: 'registered 1234' })).status).toBe(200);
    const session = cookieOf(await t.post('/api/auth/login', { email: invited.email, password: 'registered 1234' }));
    expect(await seen(session)).toEqual(expect.any(String));
    expect(await listed()).toMatchObject({ hasPassword: true });

    const promoted = await createUser(t.db, { passwordHash: null });
    await createAdmin(t.db, { email: promoted.email, password: 'from the command line' });
    const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, promoted.id));
    expect(row?.passwordChangedAt).toBeInstanceOf(Date);
  });
});
