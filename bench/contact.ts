/**
 * Target 2: POST /api/contact (valibot validation, a transaction with the message and its outbox event, the publish
 * to BullMQ) against a bare Bun.serve child that does one INSERT with postgres.js into the same database.
 */
import { APP_URL, uniquePrefix } from './lib/env';
import { closedLoad, type LoadResult } from './lib/load';
import { freePort, spawnBun, waitForHttp } from './lib/process';
import { type Figure, figure } from './lib/report';
import { forwardedFor, freshDatabase, startApi } from './lib/stack';
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

export async function contact(): Promise<Figure[]> {
  const database = await freshDatabase();
  const api = await startApi({
    databaseUrl: database.url,
    queuePrefix: uniquePrefix('contact'),
    env: { TRUST_PROXY: 'true' },
  }).catch(async (error) => {
    await database.drop();
    throw error;
  });
  let baseline: ReturnType<typeof spawnBun> | undefined;
  try {
    const port = freePort();
    baseline = spawnBun(
      ['bench/baselines/insert-server.ts'],
      { DATABASE_URL: database.url, PORT: String(port) },
      'baseline',
    );
    const baselineUrl = `http://127.0.0.1:${port}/api/contact`;
    await waitForHttp(`http://127.0.0.1:${port}/`, baseline);
    const apiUrl = `${api.url}/api/contact`;
    // Every request gets its own number, hence its own X-Forwarded-For address: no two share a rate-limit bucket.
    let n = 0;
    const load = (url: string, durationMs: number): Promise<LoadResult> =>
      closedLoad({
        concurrency: CONNECTIONS,
        durationMs,
        maxRequests: MAX_REQUESTS,
        request: () => contactRequest(url, n++),
      });

    await load(apiUrl, WARMUP_MS);
    await load(baselineUrl, WARMUP_MS);
    const apiRounds: LoadResult[] = [];
    const baseRounds: LoadResult[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      apiRounds.push(await load(apiUrl, ROUND_MS));
      baseRounds.push(await load(baselineUrl, ROUND_MS));
    }
    const best = (rounds: LoadResult[]) => rounds.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
    const apiBest = best(apiRounds);
    const baseBest = best(baseRounds);
    const errors = apiRounds.reduce((sum, r) => sum + r.errors, 0);
    const ratio = apiBest.perSecond / baseBest.perSecond;
    return [
      figure(
        `contact: API req/s ÷ bare INSERT handler (${CONNECTIONS} conn)`,
        round(ratio).toFixed(2),
        '>= 0.50',
        ratio >= 0.5 && errors === 0,
        `${Math.round(apiBest.perSecond)} vs ${Math.round(baseBest.perSecond)} req/s, API p99 ${round(percentile(apiBest.latencies, 99), 1)} ms${errors ? `, ${errors} errors: ${apiRounds.find((r) => r.firstError)?.firstError}` : ''}`,
      ),
    ];
  } finally {
    await baseline?.stop();
    await api.stop();
    await database.drop();
  }
}
