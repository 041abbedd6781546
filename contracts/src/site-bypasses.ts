/**
 * Test data only (not exported from the package's index): return addresses an attacker tries to turn into a trip to
 * another site, shared by the rule's unit test and the API's and browser's tests of the same rule.
 */

/** Every one of these must be refused (`undefined`): each leaves the site, or would once a browser reads it. */
export const REDIRECT_BYPASSES: readonly string[] = [
  '//evil.test',
  '///evil.test',
  '//evil.test/account',
  '/\\evil.test',
  '/\\/evil.test',
  '\\\\evil.test',
  '/.//evil.test',
  '/./\\evil.test',
  '/..//evil.test',
  '/../\\evil.test',
  '/a/..//evil.test',
  '/%2e//evil.test',
  '/%2e%2e//evil.test',
  '/.%2E//evil.test',
  '%2F%2Fevil.test',
  '%2f%2fevil.test',
  '/\t/evil.test',
  '/\n/evil.test',
  '/\r\n/evil.test',
  '\t//evil.test',
  '/\u0000/evil.test',
  '/\u007f/evil.test',
  'https://evil.test/',
  'HTTPS://evil.test',
  'http:/evil.test',
  'https:evil.test',
  '//evil.test@app.test',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'evil.test',
  'account',
  '',
  `/${'a'.repeat(2000)}`,
];

/** Paths of the site, each with what the rule answers for it (the normalised path). */
export const REDIRECT_KEEPS: readonly (readonly [string, string])[] = [
  ['/', '/'],
  ['/account', '/account'],
  ['/client/dashboard/3?tab=users#top', '/client/dashboard/3?tab=users#top'],
  ['/account?next=//evil.test', '/account?next=//evil.test'],
  ['/./account', '/account'],
  ['/../account', '/account'],
  ['/%2F%2Fevil.test', '/%2F%2Fevil.test'],
  ['/%5Cevil.test', '/%5Cevil.test'],
];
