import { Elysia } from 'elysia';

/**
 * Headers every response carries, as the app's default headers: Elysia puts them on each request's `set.headers` when
 * it creates the context, without a hook. The content policy of pages comes with the SPA plugin.
 */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
} as const;

export const securityHeaders = new Elysia({ name: 'security-headers' }).headers({ ...SECURITY_HEADERS });
