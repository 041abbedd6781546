import { createUser } from '@app/db/testing';
import { afterAll, beforeAll } from 'vitest';
import { hashPassword } from '../src/modules/auth/auth.service';
import { createTestApp, type TestApp, type TestAppOptions } from './app';

export interface SignedIn {
  id: number;
  email: string;
  cookie: string;
}

const PASSWORD = 'admin password 1';

async function start(options: TestAppOptions) {
  const t = await createTestApp(options);
  const passwordHash = await hashPassword(PASSWORD);
  const signIn = async (overrides: Parameters<typeof createUser>[1] = {}): Promise<SignedIn> => {
    const user = await createUser(t.db, { passwordHash, accountSetupComplete: true, ...overrides });
    const response = await t.post('/api/auth/login', { email: user.email, password: PASSWORD });
    return { id: user.id, email: user.email, cookie: (response.headers.get('set-cookie') ?? '').split(';')[0]! };
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

type State = Awaited<ReturnType<typeof start>>;

/**
 * For the administration's tests: the real app on the file's own database (started before the file's tests, closed
 * after them), with a signed-in administrator (Ada User) and a signed-in client. What it returns can be destructured
 * at the top of the file: each value reads the started app when a test uses it.
 */
export function useAdminTestApp(options: TestAppOptions = {}) {
  let state: State | undefined;
  beforeAll(async () => {
    state = await start(options);
  });
  afterAll(async () => {
    await state?.t.close();
  });
  const started = () => {
    if (!state) throw new Error('The admin test app is used before it started (use it inside tests)');
    return state;
  };
  const live = <T extends object>(pick: (s: State) => T) =>
    new Proxy({} as T, { get: (_, key) => Reflect.get(pick(started()), key) });
  return {
    t: live<TestApp>((s) => s.t),
    admin: live<SignedIn>((s) => s.admin),
    client: live<SignedIn>((s) => s.client),
    as: (who: { cookie: string } | null) => started().as(who),
    signIn: (overrides?: Parameters<typeof createUser>[1]) => started().signIn(overrides),
  };
}
