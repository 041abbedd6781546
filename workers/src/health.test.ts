import { workersEnv as env } from '@app/testing/config-env';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { loadWorkersConfig } from './env';
import { startHealthServer } from './health';

/**
 * The workers' /metrics is the API's (issue 26 item 8): the same METRICS_TOKEN, 401 without it, and the health port on
 * the address the deployment needs (loopback unless told otherwise).
 */

const TOKEN = 'workers-metrics-token-0123456789';
const stops: (() => unknown)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

/** /metrics only: nothing here asks PostgreSQL or Redis. */
function serve(metricsToken: string | undefined) {
  const metrics = new Registry();
  metrics.setDefaultLabels({ service: 'workers' });
  const unused = {} as Parameters<typeof startHealthServer>[1];
  const server = startHealthServer({ port: 0, hostname: '127.0.0.1', metricsToken }, { ...unused, metrics });
  stops.push(server.stop);
  return { ...server, url: `http://127.0.0.1:${server.port}` };
}

describe("the workers' /metrics", () => {
  it('answers 401 without the token, with another one, or with it in another form', async () => {
    const { url } = serve(TOKEN);
    for (const authorization of [undefined, 'Bearer wrong-token', TOKEN, `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const response = await fetch(`${url}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(response.status, String(authorization)).toBe(401);
      expect(await response.text()).not.toContain('# HELP');
    }
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });

  it('answers Prometheus with the token', async () => {
    const { url } = serve(TOKEN);
    const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
  });

  it('stays open without a token (outside production only: see below)', async () => {
    expect((await fetch(`${serve(undefined).url}/metrics`)).status).toBe(200);
  });

  it('listens where it is told', () => {
    expect(serve(TOKEN).hostname).toBe('127.0.0.1');
  });
});

describe("the workers' metrics settings", () => {
  it('refuse to start in production without a METRICS_TOKEN of 16 characters or more, as the API', () => {
    expect(() => loadWorkersConfig({ ...env, NODE_ENV: 'production' })).toThrow(/METRICS_TOKEN: required/);
    expect(() => loadWorkersConfig({ ...env, NODE_ENV: 'production', METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
    expect(loadWorkersConfig({ ...env, NODE_ENV: 'production', METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
    expect(loadWorkersConfig(env).METRICS_TOKEN).toBeUndefined();
  });

  it('listen on loopback unless WORKERS_HEALTH_HOST says otherwise, and take only an address', () => {
    expect(loadWorkersConfig(env).WORKERS_HEALTH_HOST).toBe('127.0.0.1');
    expect(loadWorkersConfig({ ...env, WORKERS_HEALTH_HOST: '0.0.0.0' }).WORKERS_HEALTH_HOST).toBe('0.0.0.0');
    expect(loadWorkersConfig({ ...env, WORKERS_HEALTH_HOST: '::' }).WORKERS_HEALTH_HOST).toBe('::');
    expect(() => loadWorkersConfig({ ...env, WORKERS_HEALTH_HOST: 'everywhere' })).toThrow(
      /WORKERS_HEALTH_HOST: must be an IP address/,
    );
  });
});
