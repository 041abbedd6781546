import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';

import type { TestApp } from './app';

/** A clock the tests move (`movableClock()`). */
interface Clock {
  offsetMs: number;
  now: () => Date;
}

/** The cookie of a name among a response's `Set-Cookie` headers (`name=value`), or ''. */
export const setCookie = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith(`${name}=`)) ?? '';

/**
 * Codes of an authenticator app, computed here from the key the set-up showed (as the person's app would): `next()`
 * moves the test's clock to the next 30-second step first, so no two codes share a step (the server refuses a step
 * used before).
 */
export function authenticator(manualKey: string, clock: Clock) {
  const key = decodeBase32IgnorePadding(manualKey.replace(/\s/g, ''));
  const step = (offset = 0) => Math.floor(clock.now().getTime() / 30_000) + offset;
  return {
    key,
    /** The code of the step the clock is in (or `offset` steps away). */
    code: (offset = 0) => generateHOTP(key, BigInt(step(offset)), 6),
    next() {
      clock.offsetMs += 30_000;
      return generateHOTP(key, BigInt(step()), 6);
    },
  };
}

/** Sets up two-factor sign-in for a signed-in person: their app and their ten recovery codes. */
export async function enrol(t: TestApp, cookie: string, clock: Clock) {
  const setup = await t.post('/api/auth/two-factor/setup', undefined, { cookie });
  if (setup.status !== 200) throw new Error(`set-up answered ${setup.status}: ${await setup.text()}`);
  const app = authenticator((await setup.json()).manualKey, clock);
  const enabled = await t.post('/api/auth/two-factor/enable', { code: app.next() }, { cookie });
  if (enabled.status !== 200) throw new Error(`enable answered ${enabled.status}: ${await enabled.text()}`);
  const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };
  return { app, recoveryCodes };
}

/** The password step: the pending sign-in's cookie (`pending_sign_in=...`) of a 202. */
export async function passwordStep(t: TestApp, email: string, password: string, headers: Record<string, string> = {}) {
  const response = await t.post('/api/auth/login', { email, password }, headers);
  if (response.status !== 202) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  return setCookie(response, 'pending_sign_in');
}

/** The second step with a pending sign-in's cookie. */
export const secondStep = (t: TestApp, pending: string, code: string, headers: Record<string, string> = {}) =>
  t.post('/api/auth/login/second-factor', { code }, { cookie: pending, ...headers });
