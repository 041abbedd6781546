import { createUser } from '@app/db/testing';
import { hashPassword } from '../src/modules/auth/auth.service';
import type { TestApp } from './app';

/** The first cookie a response sets: the session (`session=...`) of a sign-in. */
export const cookieOf = (response: Response) => (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

export type UserOverrides = Parameters<typeof createUser>[1];

/**
 * People with one password on a test app (its Argon2 hash made once, when first needed): `newUser` stores one whose
 * account is set up, `signIn` stores one and signs them in.
 */
export function accountsWithPassword(t: TestApp, password: string) {
  let passwordHash: Promise<string> | undefined;
  const newUser = async (overrides: UserOverrides = {}) => {
    passwordHash ??= hashPassword(password);
    return createUser(t.db, { passwordHash: await passwordHash, accountSetupComplete: true, ...overrides });
  };
  const signIn = async (overrides: UserOverrides = {}) => {
    const user = await newUser(overrides);
    const response = await t.post('/api/auth/login', { email: user.email, password });
    return { user, cookie: cookieOf(response) };
  };
  return { newUser, signIn };
}
