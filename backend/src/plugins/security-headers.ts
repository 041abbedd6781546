import { Elysia } from 'elysia';

/** Headers every response carries. The frame and content policies for dashboards come with the client portal. */
export const securityHeaders = new Elysia({ name: 'security-headers' }).onRequest(({ set }) => {
  set.headers['x-content-type-options'] = 'nosniff';
  set.headers['referrer-policy'] = 'strict-origin-when-cross-origin';
  set.headers['x-frame-options'] = 'DENY';
  set.headers['cross-origin-opener-policy'] = 'same-origin';
});
