import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';
import { searchToken } from './search-token';

describe('safeRedirectPath', () => {
  it.each(['/account', '/client/dashboard/3?tab=users#top', '/'])('keeps the site path %s', (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/account',
    'javascript:alert(1)',
    'account',
    '/ok\n//evil.example',
    '',
    42,
    null,
    undefined,
  ])('refuses %j', (value) => {
    expect(safeRedirectPath(value)).toBeUndefined();
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
