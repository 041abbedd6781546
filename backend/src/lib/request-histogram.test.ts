import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestHistogram } from './request-histogram';

const BOUNDS = [0.001, 0.01, 0.1, 1];

describe('RequestHistogram', () => {
  it('is exposed exactly as prom-client exposes the same observations', async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const fast = new RequestHistogram('http_request_duration_seconds', 'API request duration', BOUNDS, ours);
    const reference = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'API request duration',
      labelNames: ['method', 'route', 'status'],
      buckets: BOUNDS,
      registers: [theirs],
    });
    const observations: Array<[string, string, number, number]> = [
      ['GET', '/healthz', 200, 0.0004],
      ['GET', '/healthz', 200, 0.02],
      ['GET', '/healthz', 200, 5],
      ['POST', '/api/contact', 201, 0.05],
      ['GET', 'unmatched', 404, 0.001],
    ];
    for (const [method, route, status, seconds] of observations) {
      fast.observe(method, route, status, seconds);
      reference.observe({ method, route, status: String(status) }, seconds);
    }
    const lines = (text: string) => text.split('\n').filter(Boolean).sort();
    expect(lines(await ours.metrics())).toEqual(lines(await theirs.metrics()));
  });
});
