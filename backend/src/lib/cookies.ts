import { SESSION_HINT_COOKIE, TOKEN_LIFETIMES } from '@app/contracts/server';

export const SESSION_COOKIE = 'session';

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** What a route handler or hook of Elysia gets as `set`. */
interface ResponseSet {
  headers: Record<string, string | number>;
}

/**
 * The `Set-Cookie` headers of a session, the session cookie first (tests and tools read the first one).
 * - The session: D3, HttpOnly, SameSite=Lax, Path=/, Secure when the site is served over https; lives as long as a
 *   session.
 * - The hint (`signed_in=1`, SESSION_HINT_COOKIE): readable by scripts, no secret, the same lifetime. The SPA asks who
 *   is signed in only when it is there, so an anonymous visitor's pages make no request that answers 401.
 */
export function sessionCookies(token: string, secure: boolean): string[] {
  const maxAge = Math.floor(TOKEN_LIFETIMES.sessionMs / 1000);
  const attributes = `Path=/; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;
  return [
    `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`,
    `${SESSION_HINT_COOKIE}=1; ${attributes}`,
  ];
}

/**
 * The hint alone, for a request that carries a session cookie but no hint: sessions begun before the hint existed
 * would otherwise look signed out to the SPA (it asks who is signed in only when the hint is there). Set when a page
 * is served; if the session turns out to have ended, the SPA's one question answers 401 and clears both.
 */
export function missingHintCookie(request: Request, secure: boolean): string | null {
  if (!readCookie(request, SESSION_COOKIE) || readCookie(request, SESSION_HINT_COOKIE) !== null) return null;
  const maxAge = Math.floor(TOKEN_LIFETIMES.sessionMs / 1000);
  return `${SESSION_HINT_COOKIE}=1; Path=/; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;
}

/** Both cookies of a session, ended: sign-out, or a session the API found expired or ended. */
export function clearedSessionCookies(secure: boolean): string[] {
  return [
    `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`,
    `${SESSION_HINT_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`,
  ];
}

/** Sets (or renews) the session and its hint on the answer. */
export function setSessionCookies(set: ResponseSet, token: string, secure: boolean): void {
  writeCookies(set, sessionCookies(token, secure));
}

/** Ends the session cookie and its hint on the answer. */
export function clearSessionCookies(set: ResponseSet, secure: boolean): void {
  writeCookies(set, clearedSessionCookies(secure));
}

// Elysia types `set.headers` as text but sends an array under 'set-cookie' as one header per entry.
function writeCookies(set: ResponseSet, values: string[]): void {
  (set.headers as Record<string, unknown>)['set-cookie'] = values;
}

/**
 * The pending sign-in of issue 17 (the password was right, the second factor is asked next): HttpOnly, sent only to
 * the sign-in routes, 5 minutes.
 */
export const PENDING_SIGN_IN_COOKIE = 'pending_sign_in';
const PENDING_PATH = '/api/auth/login';

export function setPendingSignInCookie(set: ResponseSet, token: string, secure: boolean, maxAgeSeconds: number): void {
  writeCookies(set, [
    `${PENDING_SIGN_IN_COOKIE}=${token}; Path=${PENDING_PATH}; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`,
  ]);
}

/** The session of a finished sign-in, and the pending sign-in's cookie ended, in one answer. */
export function setSessionEndingPending(set: ResponseSet, token: string, secure: boolean): void {
  writeCookies(set, [
    ...sessionCookies(token, secure),
    `${PENDING_SIGN_IN_COOKIE}=; Path=${PENDING_PATH}; HttpOnly; SameSite=Strict; Max-Age=0${secure ? '; Secure' : ''}`,
  ]);
}
