import * as schema from '@app/db/schema';
import { createDashboard } from '@app/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../testing/app';
import { createApp } from '../../app';
import { createRequestMetrics } from '../../plugins/metrics';
import { servePublicListNatively } from './public-list.native';

/**
 * The public list through a listening server wired as `server.ts` wires it, where Bun's router answers it from the
 * cache (public-list.native.ts), and through `app.handle`, where the app's route always answers.
 */
describe('GET /api/dashboards/public on the listening server', () => {
  // Behind a trusted proxy: the app's route keeps the proxy's request id, an answer from the cache gives its own.
  const t = useTestApp({ env: { TRUST_PROXY: 'true' } });
  let app: ReturnType<typeof createApp>;
  let url: string;
  beforeAll(async () => {
    await createDashboard(t.db, { name: 'Sales overview', isPublic: true });
    await createDashboard(t.db, { name: 'Private board', isPublic: false });
    const requestMetrics = createRequestMetrics();
    app = createApp(t.deps, { serveSpa: false, requestMetrics });
    await app.modules;
    servePublicListNatively(app, { cache: t.deps.publicDashboards, metrics: requestMetrics });
    app.listen({ hostname: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${app.server?.port}/api/dashboards/public`;
  });
  afterAll(async () => {
    await app.stop();
  });

  const names = async (response: Response) => ((await response.json()) as { name: string }[]).map((d) => d.name);

  it('answers the same list, headers and metrics whether the cache is cold (the app) or warm (Bun’s router)', async () => {
    const proxyId = { 'x-request-id': 'chosen-by-the-proxy-123' };
    const cold = await fetch(url, { headers: proxyId });
    const warm = await fetch(url, { headers: proxyId });
    for (const response of [cold, warm]) {
      expect(response.status).toBe(200);
      expect(await names(response)).toEqual(['Sales overview']);
      expect(response.headers.get('content-type')).toBe('application/json;charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('public, max-age=60');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    }
    // The app's route carries the trusted proxy's id into its logs; the cache's answer has no log line to carry it
    // into, and gives a fresh id without reading the request's headers (decision 015).
    expect(cold.headers.get('x-request-id')).toBe('chosen-by-the-proxy-123');
    expect(warm.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const metrics = await (await fetch(url.replace('/api/dashboards/public', '/metrics'))).text();
    expect(metrics).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/dashboards\/public",status="200"\} 2/,
    );
  });

  it('is always the app’s route through app.handle, even with the list cached', async () => {
    await fetch(url);
    expect(t.deps.publicDashboards.peek()).not.toBeNull();
    const handled = await app.handle(new Request(url, { headers: { 'x-request-id': 'chosen-by-the-proxy-456' } }));
    expect(handled.status).toBe(200);
    expect(await names(handled)).toEqual(['Sales overview']);
    // Only the app's route reads the request's headers (the native one never does).
    expect(handled.headers.get('x-request-id')).toBe('chosen-by-the-proxy-456');
  });

  it('shows an admin’s change at once', async () => {
    await fetch(url);
    const [row] = await t.db
      .update(schema.dashboards)
      .set({ isPublic: true })
      .where(eq(schema.dashboards.name, 'Private board'))
      .returning();
    expect(row).toBeDefined();
    t.deps.publicDashboards.invalidate();
    expect((await names(await fetch(url))).sort()).toEqual(['Private board', 'Sales overview']);
  });
});
