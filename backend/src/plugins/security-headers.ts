import { Elysia } from 'elysia';

/**
 * Headers every response carries, as the app's default headers: Elysia puts them on each request's `set.headers` when
 * it creates the context, without a hook. The content policy of pages comes with the SPA plugin.
 */
/**
 * The Content Security Policy of a page of ours that runs nothing from elsewhere (the API docs, the queue board):
 * scripts, styles, fonts and requests from this origin only. `forms: 'self'` for a page that submits forms.
 */
export const selfOnlyPolicy = ({ forms = 'none' }: { forms?: 'self' | 'none' } = {}) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    `base-uri '${forms}'`,
    `form-action '${forms}'`,
  ].join('; ');

export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
} as const;

/** Where the API answers: its own routes and the queue board's. */
const API_PREFIXES = ['/api/', '/admin/queues/api/'];

/** Where the path of a request URL starts (after `scheme://host`). */
const pathStart = (url: string) => url.indexOf('/', url.indexOf('//') + 2);

/**
 * No cache keeps an API answer unless its route says so (the public settings and the public dashboards list do):
 * answers to a signed-in person hold their data, and a shared cache or the browser's history must not keep them.
 * A default the route may replace, set before it runs; answers the route builds itself (errors) carry their own.
 */
export const securityHeaders = new Elysia({ name: 'security-headers' })
  .headers({ ...SECURITY_HEADERS })
  .onRequest(function noStoreForApi({ request, set }) {
    const start = pathStart(request.url);
    if (API_PREFIXES.some((prefix) => request.url.startsWith(prefix, start))) set.headers['cache-control'] = 'no-store';
  });
