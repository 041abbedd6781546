import { metricsAllowed } from '@app/platform/metrics-token';
import { checkDependencies } from '@app/platform/readiness';
import type { Redis } from 'ioredis';
import type postgres from 'postgres';
import type { Registry } from 'prom-client';

/**
 * /healthz (alive), /readyz (PostgreSQL and Redis reachable) and /metrics for the workers' process (D23), on the
 * address the deployment needs (WORKERS_HEALTH_HOST). /metrics asks for the API's token (METRICS_TOKEN, decision 023):
 * 401 without `Authorization: Bearer <token>` whenever one is set, which production requires.
 */
export function startHealthServer(
  options: { port: number; hostname: string; metricsToken?: string | undefined },
  deps: { sql: postgres.Sql; redis: Redis; metrics?: Registry },
) {
  const server = Bun.serve({
    port: options.port,
    hostname: options.hostname,
    async fetch(request) {
      const { pathname } = new URL(request.url);
      if (pathname === '/healthz') return Response.json({ status: 'ok', checks: {} });
      if (pathname === '/metrics' && deps.metrics) {
        if (!metricsAllowed(request.headers.get('authorization'), options.metricsToken))
          return new Response('Unauthorized', { status: 401, headers: { 'www-authenticate': 'Bearer' } });
        return new Response(await deps.metrics.metrics(), { headers: { 'content-type': deps.metrics.contentType } });
      }
      if (pathname === '/readyz') {
        const { database, redis } = await checkDependencies(deps);
        const ok = database === 'up' && redis === 'up';
        return Response.json(
          { status: ok ? 'ok' : 'unavailable', checks: { database, redis } },
          { status: ok ? 200 : 503 },
        );
      }
      return Response.json({ message: 'Not found', issues: [] }, { status: 404 });
    },
  });
  return { port: server.port, hostname: server.hostname, stop: () => server.stop() };
}
