import { lazy, useFixture } from '@app/db/testing';
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
