import { lazy, useFixture } from '@app/db/testing';
import { expect, it } from 'vitest';
import { accountsWithPassword, type UserOverrides } from './accounts';
import { createTestApp, type TestApp, type TestAppOptions } from './app';

export interface SignedIn {
  id: number;
  email: string;
  cookie: string;
}

async function start(options: TestAppOptions) {
  const t = await createTestApp(options);
  const accounts = accountsWithPassword(t, 'admin password 1');
  const signIn = async (overrides: UserOverrides = {}): Promise<SignedIn> => {
    const { user, cookie } = await accounts.signIn(overrides);
    return { id: user.id, email: user.email, cookie };
  };
  const admin = await signIn({ isAdmin: true, firstName: 'Ada' });
  const client = await signIn();
  /** Requests as someone (their session cookie), or anonymously (null). */
  const as = (who: { cookie: string } | null) => ({
    get: (path: string) => t.get(path, who ? { cookie: who.cookie } : {}),
    send: (method: string, path: string, body?: unknown) =>
      t.request(method, path, body, who ? { cookie: who.cookie } : {}),
  });
  return { t, admin, client, signIn, as };
}

/**
 * For the administration's tests: the real app on the file's own database (started before the file's tests, closed
 * after them), with a signed-in administrator (Ada User) and a signed-in client. What it returns can be destructured
 * at the top of the file: each value reads the started app when a test uses it.
 */
export function useAdminTestApp(options: TestAppOptions = {}) {
  const state = useFixture(
    () => start(options),
    (s) => s.t.close(),
  );
  return {
    t: lazy<TestApp>(() => state.t),
    admin: lazy<SignedIn>(() => state.admin),
    client: lazy<SignedIn>(() => state.client),
    as: (who: { cookie: string } | null) => state.as(who),
    signIn: (overrides?: UserOverrides) => state.signIn(overrides),
  };
}

/**
 * The tests of an administration list's guard (issue 18), for `path` (`/api/admin/users`): each query of `refused`
 * gets 422 with a message that contains its text, and the list is for administrators only (403 a client, 401 anonymous).
 */
export function itGuardsTheList(
  app: ReturnType<typeof useAdminTestApp>,
  path: string,
  refused: [query: string, message: string][],
) {
  it.each(refused)('refuses %s with 422 and a clear message', async (query, message) => {
    const response = await app.as(app.admin).get(`${path}?${query}`);
    expect(response.status).toBe(422);
    expect((await response.json()).message).toContain(message);
  });

  it('is for administrators only', async () => {
    expect((await app.as(app.client).get(`${path}?page=1`)).status).toBe(403);
    expect((await app.as(null).get(`${path}?page=1`)).status).toBe(401);
  });
}
