import { Queues } from '@app/contracts/server';
import { registerBuildInfo } from '@app/platform/build-info';
import { sharedEvery } from '@app/platform/cluster-once';
import type { Logger } from '@app/platform/logger';
import { metricsAllowed } from '@app/platform/metrics-token';
import { outboxLagSeconds } from '@app/platform/outbox';
import { registerDatabaseMetrics, registerProcessMetrics } from '@app/platform/process-metrics';
import { createQueue } from '@app/platform/queues';
import { probe } from '@app/platform/readiness';
import type { Queue } from 'bullmq';
import { Elysia } from 'elysia';
import type { Redis } from 'ioredis';
import type postgres from 'postgres';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { RequestHistogram } from '../lib/request-histogram';

/**
 * Prometheus metrics of the API (D23) at GET /metrics: request durations by route and status, queue depth by state,
 * and the outbox lag (age of the oldest unpublished event). Queue depth and lag are read when scraped, by one
 * replica per few seconds for the whole cluster (see below).
 */
/** How long one replica's reading of the queue depths and the outbox serves every replica's scrapes. */
const QUEUE_COUNTS_SHARED_MS = 5000;
export function createRequestMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registerBuildInfo(registry, 'api');
  registerProcessMetrics(registry);
  const duration = new RequestHistogram(
    'http_request_duration_seconds',
    'API request duration by method, route and status',
    [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registry,
  );
  return { registry, duration };
}
export type RequestMetrics = ReturnType<typeof createRequestMetrics>;

export function metricsPlugin(
  deps: {
    sql: postgres.Sql;
    redis: Redis;
    prefix: string;
    token?: string;
    queueCountsSharedMs?: number;
    logger?: Logger;
  },
  { registry, duration }: RequestMetrics = createRequestMetrics(),
) {
  // Made at the first scrape: building the plugin connects nothing.
  let queues: Queue<unknown>[] | null = null;
  // The depths are the same whichever replica is scraped: one replica counts them per few seconds for the whole
  // cluster, the others report its reading (each still exports the gauge, so any replica answers for them).
  const queueCounts = sharedEvery(
    deps.redis,
    `${deps.prefix}:metrics:queue-counts`,
    deps.queueCountsSharedMs ?? QUEUE_COUNTS_SHARED_MS,
    async () => {
      const all: Record<string, Record<string, number>> = {};
      queues ??= Object.values(Queues).map((definition) => createQueue<unknown>(deps, definition));
      for (const queue of queues) {
        const counts = await queue
          .getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed')
          .catch(() => null);
        if (counts) all[queue.name] = counts;
      }
      return all;
    },
  );
  new Gauge({
    name: 'queue_jobs',
    help: 'Jobs in each queue by state',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      for (const [queue, counts] of Object.entries(await queueCounts()))
        for (const [state, count] of Object.entries(counts)) this.set({ queue, state }, count);
    },
  });
  // The outbox lag likewise: one replica queries PostgreSQL per few seconds. The reading carries the time it was
  // taken, and a reporting replica adds the time since, so a stuck event's lag keeps growing between readings instead
  // of standing still (an event published meanwhile shows at most one shared period late).
  const outboxLag = sharedEvery(
    deps.redis,
    `${deps.prefix}:metrics:outbox-lag`,
    deps.queueCountsSharedMs ?? QUEUE_COUNTS_SHARED_MS,
    async () => ({ lag: await outboxLagSeconds(deps.sql), readAt: Date.now() }),
  );
  new Gauge({
    name: 'outbox_lag_seconds',
    help: 'Age of the oldest domain event not yet published to the queue (0 when none)',
    registers: [registry],
    async collect() {
      const { lag, readAt } = await outboxLag();
      this.set(lag > 0 ? lag + Math.max(0, Date.now() - readAt) / 1000 : 0);
    },
  });
  new Gauge({
    name: 'redis_up',
    help: 'Whether the API reaches Redis (1) or not (0); the API keeps serving without it',
    registers: [registry],
    async collect() {
      this.set((await probe(() => deps.redis.ping(), 1000)) === 'up' ? 1 : 0);
    },
  });
  // database_up and the pool's wait, probed at each scrape: a database that is down shows with no traffic at all.
  registerDatabaseMetrics(registry, deps.sql);
  const unhandled = new Counter({
    name: 'http_unhandled_errors_total',
    help: 'Requests that ended in an unexpected server error',
    registers: [registry],
  });

  // The start time rides on the request's own context object, which Elysia hands to every hook of the request.
  return new Elysia({ name: 'metrics' })
    .onRequest(function startTimer(context) {
      (context as { startedAt?: number }).startedAt = performance.now();
    })
    .onAfterResponse({ as: 'global' }, function recordRequest(context) {
      const start = (context as { startedAt?: number }).startedAt;
      if (start === undefined) return;
      const { request, route, set } = context;
      const status = Number(set.status ?? 200);
      if (status >= 500) unhandled.inc();
      // Unknown paths share one label, so a scan of random URLs cannot blow up the series count.
      const seconds = (performance.now() - start) / 1000;
      duration.observe(request.method, route || 'unmatched', status, seconds);
      // The access log (LOG_LEVEL=debug): the route pattern, never the path or query, which can carry tokens.
      deps.logger?.debug(
        { method: request.method, route: route || 'unmatched', status, ms: Math.round(seconds * 1000) },
        'request',
      );
    })
    .get(
      '/metrics',
      async ({ request, set }) => {
        if (!metricsAllowed(request.headers.get('authorization'), deps.token)) {
          set.status = 401;
          return 'Unauthorized';
        }
        set.headers['content-type'] = registry.contentType;
        return registry.metrics();
      },
      { detail: { hide: true } },
    );
}
