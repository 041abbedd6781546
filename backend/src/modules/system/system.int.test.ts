import { readFileSync } from 'node:fs';
import { startTcpProxy } from '@app/testing';
import { describe, expect, inject, it } from 'vitest';
import { useTestApp, withTestApp } from '../../../testing/app';
import { contactMessage } from '../../../testing/contact';

const t = useTestApp({ env: { SCHEDULING_URL: 'https://calendly.com/lucid-insight/30min' } });
const down = useTestApp({ redisUrl: 'redis://127.0.0.1:1' });

describe('health', () => {
  it('answers /healthz while alive', async () => {
    const response = await t.get('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', checks: {} });
  });

  it('answers /readyz 200 while PostgreSQL answers, and only reports Redis being away (status degraded, redis_up 0)', async () => {
    const ok = await t.get('/readyz');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: 'ok', checks: { database: 'up', redis: 'up' } });

    // Redis taken away from a running API: it keeps taking contacts and bookings (the outbox holds the events), so a
    // load balancer must keep routing to it.
    const redis = new URL(inject('redisUrl'));
    const proxy = await startTcpProxy(redis.hostname, Number(redis.port || 6379));
    try {
      await withTestApp({ redisUrl: proxy.url('redis:') }, async (app) => {
        expect((await app.get('/readyz')).status).toBe(200);
        expect(await (await app.get('/metrics')).text()).toMatch(/^redis_up 1$/m);
        await proxy.cut();
        const degraded = await app.get('/readyz');
        expect(degraded.status).toBe(200);
        expect(degraded.headers.get('cache-control')).toBe('no-store');
        expect(await degraded.json()).toEqual({ status: 'degraded', checks: { database: 'up', redis: 'down' } });
        expect(await (await app.get('/metrics')).text()).toMatch(/^redis_up 0$/m);
        const contact = await app.post('/api/contact', contactMessage({ message: 'Sent while Redis is away.' }));
        expect(contact.status).toBe(201);
      });
    } finally {
      await proxy.close();
    }
    // A Redis that never answered reads the same.
    const never = await down.get('/readyz');
    expect(never.status).toBe(200);
    expect(await never.json()).toEqual({ status: 'degraded', checks: { database: 'up', redis: 'down' } });
  });

  it('is described the same in the OpenAPI document and the README: 200 degraded without Redis, 503 without PostgreSQL', async () => {
    const spec = await (await t.get('/api/docs/json')).json();
    const readyz = spec.paths['/readyz'].get;
    expect(readyz.description).toContain('`degraded` with `checks.redis` `down` while Redis is unreachable');
    expect(readyz.description).toContain('503 (`unavailable`) only when PostgreSQL does not answer');
    expect(Object.keys(readyz.responses).sort()).toEqual(['200', '503']);
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    expect(readme).toContain(readyz.description);
  });
});

describe('GET /api/config', () => {
  it('gives the browser the public runtime settings and nothing else', async () => {
    const response = await t.get('/api/config');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      companyName: 'Lucid Insight',
      companyEmail: 'hello@lucid-insight.test',
      schedulingUrl: 'https://calendly.com/lucid-insight/30min',
      bookingTimeZone: 'America/New_York',
      singleSignOn: false,
      // SOCIAL_LINKS unset: the footer shows no social icon (issue 26).
      socialLinks: [],
    });
  });
});

describe('OpenAPI documentation', () => {
  it('documents every endpoint with its request and response schemas', async () => {
    const response = await t.get('/api/docs/json');
    expect(response.status).toBe(200);
    const spec = await response.json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/config',
        '/api/contact',
        '/healthz',
        '/readyz',
        '/api/auth/login',
        '/api/auth/user',
      ]),
    );
    for (const [path, operations] of Object.entries(
      spec.paths as Record<string, Record<string, { responses?: object }>>,
    ))
      for (const [method, operation] of Object.entries(operations))
        expect(operation.responses, `${method.toUpperCase()} ${path} documents its responses`).toBeDefined();
    const contact = spec.paths['/api/contact'].post;
    // The body is a named shape of contracts/ (issue 27): a reference to its one declaration.
    expect(contact.requestBody.content['application/json'].schema).toMatchObject({
      $ref: '#/components/schemas/ContactMessage',
    });
    const body = spec.components.schemas.ContactMessage;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['name', 'email', 'subject', 'message']));
    expect(body.properties.message.minLength).toBe(10);
    expect(contact.responses['201']).toBeDefined();
    expect(contact.responses['422']).toBeDefined();
    const page = await t.get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
  });

  it('serves the documentation viewer from the app itself: no script or style from elsewhere, a policy of self only', async () => {
    const page = await t.get('/api/docs');
    const html = await page.text();
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("default-src 'self'");
    expect(policy).not.toMatch(/https?:|unsafe-eval|\*/);
    const sources = [...html.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(sources.length).toBeGreaterThanOrEqual(3);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    for (const source of sources) {
      expect(source, source).toMatch(/^\/api\/docs\//);
      const asset = await t.get(source, { 'accept-encoding': 'gzip' });
      expect(asset.status, source).toBe(200);
      expect((await asset.arrayBuffer()).byteLength, source).toBeGreaterThan(0);
    }
    expect((await t.get('/api/docs/assets/nothing.js')).status).toBe(404);
  });
});

describe('every response', () => {
  it('carries a request id and the basic security headers', async () => {
    const response = await t.get('/healthz', { 'x-request-id': 'from-the-load-balancer-123' });
    expect(response.headers.get('x-request-id')).toBe('from-the-load-balancer-123');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const fresh = await t.get('/healthz', { 'x-request-id': '<script>' });
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    for (const header of ['referrer-policy', 'x-frame-options', 'cross-origin-opener-policy'])
      expect(fresh.headers.get(header), header).toBeTruthy();
    // Errors carry them too.
    const missing = await t.get('/api/no/such/thing');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
    expect(missing.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps an incoming request id only from a trusted proxy', async () => {
    await withTestApp({ env: { TRUST_PROXY: 'false' } }, async (direct) => {
      const response = await direct.get('/healthz', { 'x-request-id': 'chosen-by-the-client-123' });
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });
  });
});
