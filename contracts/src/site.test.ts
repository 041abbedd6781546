import { describe, expect, it } from 'vitest';
import { hasSessionHint, SESSION_HINT_COOKIE, safeRedirectPath } from './site';
import { REDIRECT_BYPASSES, REDIRECT_KEEPS } from './site-bypasses';

const ORIGIN = 'https://app.test';

describe('safeRedirectPath (the one return-address rule of the API and the browser)', () => {
  it.each(REDIRECT_BYPASSES)('refuses %j, which leaves the site', (value) => {
    expect(safeRedirectPath(value, ORIGIN)).toBeUndefined();
    expect(safeRedirectPath(value)).toBeUndefined();
  });

  it.each(REDIRECT_KEEPS)('keeps the site path %j as %j', (value, expected) => {
    expect(safeRedirectPath(value, ORIGIN)).toBe(expected);
    expect(safeRedirectPath(value, 'http://127.0.0.1:3000/some/base')).toBe(expected);
  });

  it('never answers a path that a browser would read as another host', () => {
    for (const value of [...REDIRECT_BYPASSES, ...REDIRECT_KEEPS.map(([path]) => path)]) {
      const answer = safeRedirectPath(value, ORIGIN);
      if (answer === undefined) continue;
      expect(new URL(answer, ORIGIN).origin).toBe(ORIGIN);
      expect(answer.startsWith('//')).toBe(false);
    }
  });

  it.each([42, null, undefined, {}, ['/account']])('refuses a value that is not text: %j', (value) => {
    expect(safeRedirectPath(value, ORIGIN)).toBeUndefined();
  });

  it('refuses everything when the origin itself is not a URL', () => {
    expect(safeRedirectPath('/account', 'not a url')).toBeUndefined();
  });
});

describe('hasSessionHint', () => {
  it('finds the hint cookie by its exact name only', () => {
    expect(hasSessionHint(`theme=dark; ${SESSION_HINT_COOKIE}=1`)).toBe(true);
    expect(hasSessionHint(`${SESSION_HINT_COOKIE}=1`)).toBe(true);
    expect(hasSessionHint('')).toBe(false);
    expect(hasSessionHint(`not_${SESSION_HINT_COOKIE}=1; x${SESSION_HINT_COOKIE}=1`)).toBe(false);
  });
});
