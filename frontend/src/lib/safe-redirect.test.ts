// @vitest-environment happy-dom
import { REDIRECT_BYPASSES, REDIRECT_KEEPS } from '@app/contracts/site-bypasses';
import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';
import { searchToken } from './search-token';

describe("safeRedirectPath (the browser's use of the one rule, against the page's origin)", () => {
  it.each(REDIRECT_KEEPS)('keeps the site path %j as %j', (path, expected) => {
    expect(safeRedirectPath(path)).toBe(expected);
  });

  it.each([...REDIRECT_BYPASSES, 42, null, undefined])('refuses %j', (value) => {
    expect(safeRedirectPath(value)).toBeUndefined();
  });

  it("never answers a path that leaves the page's origin", () => {
    for (const value of REDIRECT_BYPASSES) expect(safeRedirectPath(value)).toBeUndefined();
    expect(new URL(safeRedirectPath('/a/../account') ?? '', location.origin).origin).toBe(location.origin);
  });
});

describe('searchToken', () => {
  it('keeps a token, turns an all-digit one the router parsed as a number back into text, drops the rest', () => {
    expect(searchToken(' abc234 ')).toBe('abc234');
    expect(searchToken(234567)).toBe('234567');
    expect(searchToken('')).toBeUndefined();
    expect(searchToken({ a: 1 })).toBeUndefined();
    expect(searchToken('x'.repeat(501))).toBeUndefined();
  });
});
