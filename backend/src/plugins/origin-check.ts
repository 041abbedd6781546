import { Elysia } from 'elysia';
import { json } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * D9: every state-changing request, to /api and to every other route (the queue board's API), must come from the
 * app's own origin (its Origin header, or Sec-Fetch-Site: same-origin); anything else is refused with 403 before the
 * body is even read. Only the exempt paths (a signed webhook) are left to their own proof.
 */
export const originCheck = (appUrl: string, trustedOrigins: string[] = [], exemptPaths: string[] = []) => {
  const allowed = new Set([new URL(appUrl).origin, ...trustedOrigins.map((o) => new URL(o).origin)]);
  return new Elysia({ name: 'origin-check' }).onRequest(function checkOrigin({ request }) {
    if (SAFE_METHODS.has(request.method)) return;
    const { pathname } = new URL(request.url);
    if (exemptPaths.includes(pathname)) return;
    const origin = request.headers.get('origin');
    if (origin ? allowed.has(origin) : request.headers.get('sec-fetch-site') === 'same-origin') return;
    return json(403, { message: 'This request must come from the site itself.', issues: [] });
  });
};
