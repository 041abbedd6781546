/**
 * Rules of the site that the API and the browser must apply alike: the one check of a return address after signing
 * in (GET /api/login's `redirect`, the sign-in's `redirectUrl`, the login pages' `?redirect=`), and the name of the
 * cookie that tells the browser a session may exist.
 */

/** Any origin works as the default: only paths are taken, and the answer is checked against the same origin. */
const PLACEHOLDER_ORIGIN = 'https://site.invalid';

/**
 * A path of this site to go to after signing in, or `undefined`. The value is resolved as a URL against the app's
 * origin (`APP_URL` on the server, `location.origin` in the browser) and taken only when
 * - it is written as a path (`/...`): a full URL, a scheme (`javascript:`) or a relative `account` is refused;
 * - it holds no backslash, control character, tab or newline (browsers read `\` as `/` and drop tabs and newlines,
 *   which turns `/\evil.test` or `/<tab>/evil.test` into `//evil.test`);
 * - it stays on the origin, and so does the normalised path it gives: `/.//evil.test` resolves to the path
 *   `//evil.test`, which a browser would read as another host, so it is refused rather than handed on.
 * The answer is the normalised path, query and fragment (`/a/../account?x#y` gives `/account?x#y`).
 */
export function safeRedirectPath(value: unknown, origin: string = PLACEHOLDER_ORIGIN): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return undefined;
  if (!value.startsWith('/')) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: they are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  try {
    const site = new URL(origin).origin;
    const url = new URL(value, site);
    if (url.origin !== site) return undefined;
    const path = `${url.pathname}${url.search}${url.hash}`;
    // The path handed on must itself resolve to the same place on the same origin.
    const again = new URL(path, site);
    return again.origin === site && again.href === url.href ? path : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A cookie set beside the (HttpOnly) session cookie, with the same lifetime, that scripts may read. It holds no
 * secret: it only says "a session may exist", so the browser asks who is signed in (GET /api/auth/user) only then,
 * and an anonymous visitor's page makes no call that would answer 401.
 */
export const SESSION_HINT_COOKIE = 'signed_in';

/** Whether a `document.cookie` string has the session hint. */
export function hasSessionHint(cookies: string): boolean {
  return cookies.split(';').some((part) => part.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}
