import { SESSION_HINT_COOKIE } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { clearedSessionCookies, sessionCookies } from './cookies';

describe('session cookies', () => {
  it('sends the session first, then the hint, both Secure on an https site', () => {
    const [session, hint] = sessionCookies('abc', true);
    expect(session).toMatch(/^session=abc; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
    expect(hint).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=1; Path=/; SameSite=Lax; Max-Age=\\d+; Secure$`));
    expect(hint).not.toContain('HttpOnly');
    expect(hint).not.toContain('abc');
  });

  it('ends both, with the same attributes', () => {
    expect(clearedSessionCookies(true)).toEqual([
      'session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure',
      `${SESSION_HINT_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0; Secure`,
    ]);
    expect(clearedSessionCookies(false)[1]).toBe(`${SESSION_HINT_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0`);
  });
});
