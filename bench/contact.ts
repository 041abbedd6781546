/**
 * Target 2: POST /api/contact (valibot validation, a transaction with the message and its outbox event, the publish
 * to BullMQ) against a bare Bun.serve child that does one INSERT with postgres.js into the same database.
 */
import { APP_URL } from './lib/env';
import { closedLoad, type LoadResult } from './lib/load';
import { compareThroughput, ratioFigure } from './lib/ratio';
import type { Figure } from './lib/report';
import { forwardedFor, withStack } from './lib/stack';
import { percentile, round } from './lib/stats';

const CONNECTIONS = 32;
const WARMUP_MS = 2_000;
const ROUND_MS = 5_000;
const ROUNDS = 2;
const MAX_REQUESTS = 100_000;

const contactBody = (i: number) =>
  JSON.stringify({
    name: 'Ada Lovelace',
    email: `ada+${i}@example.com`,
    subject: 'Enrollment dashboard',
    message: `We would like a dashboard of our enrollment numbers (benchmark message ${i}).`,
  });

export const contactRequest = (url: string, i: number) =>
  new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: APP_URL, 'x-forwarded-for': forwardedFor(i) },
    body: contactBody(i),
  });

export function contact(): Promise<Figure[]> {
  return withStack({ name: 'contact' }, async ({ database, api, startBaseline }) => {
    const baselineUrl = await startBaseline('insert-server.ts', { DATABASE_URL: database.url }, '/');
    // Every request gets its own number, hence its own X-Forwarded-For address: no two share a rate-limit bucket.
    let n = 0;
    const load = (url: string, durationMs: number): Promise<LoadResult> =>
      closedLoad({
        concurrency: CONNECTIONS,
        durationMs,
        maxRequests: MAX_REQUESTS,
        request: () => contactRequest(url, n++),
      });
    const comparison = await compareThroughput(
      load,
      { api: `${api.url}/api/contact`, baseline: `${baselineUrl}/api/contact` },
      { warmupMs: WARMUP_MS, roundMs: ROUND_MS, rounds: ROUNDS },
    );
    return [
      ratioFigure(
        `contact: API req/s ÷ bare INSERT handler (${CONNECTIONS} conn)`,
        comparison,
        0.5,
        `, API p99 ${round(percentile(comparison.api.latencies, 99), 1)} ms`,
      ),
    ];
  });
}
