import { Elysia } from 'elysia';
import { describe, expect, it } from 'vitest';
import { requestContext } from './request-context';

/** As the app builds it: the plugin once at the top, and again by a route module that uses `requestId`. */
const appWith = (trustProxy: string) =>
  new Elysia().use(requestContext(trustProxy)).use(
    new Elysia({ name: 'some-routes' })
      .use(requestContext(trustProxy))
      .get('/id', ({ requestId, clientIp }) => ({ requestId, clientIp: clientIp() }))
      .get('/fails', () => {
        throw new Error('boom');
      }),
  );

const get = (app: ReturnType<typeof appWith>, path: string, headers: Record<string, string> = {}) =>
  app.handle(new Request(`http://localhost${path}`, { headers }));

describe('the request context', () => {
  it('gives a route the same id the answer carries in x-request-id, a new one per request', async () => {
    const app = appWith('false');
    const first = await get(app, '/id');
    const second = await get(app, '/id');
    const ids = [];
    for (const response of [first, second]) {
      const { requestId } = (await response.json()) as { requestId: string };
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers.get('x-request-id')).toBe(requestId);
      ids.push(requestId);
    }
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('keeps a trusted proxy’s id and address, and neither from a client when no proxy is trusted', async () => {
    const proxied = { 'x-request-id': 'from-the-proxy-123', 'x-forwarded-for': '203.0.113.7' };
    const behindProxy = await get(appWith('true'), '/id', proxied);
    expect(await behindProxy.json()).toEqual({ requestId: 'from-the-proxy-123', clientIp: '203.0.113.7' });
    expect(behindProxy.headers.get('x-request-id')).toBe('from-the-proxy-123');

    const direct = await get(appWith('false'), '/id', proxied);
    const body = (await direct.json()) as { requestId: string; clientIp: string | null };
    expect(body.requestId).not.toBe('from-the-proxy-123');
    expect(body.clientIp).toBeNull(); // no connection behind `app.handle`, and the header is not believed
    expect(direct.headers.get('x-request-id')).toBe(body.requestId);
  });

  it('sends the id with unknown routes and errors too', async () => {
    const app = appWith('false');
    for (const path of ['/nothing-here', '/fails']) {
      const response = await get(app, path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.headers.get('x-request-id'), path).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
