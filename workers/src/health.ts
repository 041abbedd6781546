import { checkDependencies } from '@app/platform/readiness';
import type { Redis } from 'ioredis';
import type postgres from 'postgres';
import type { Registry } from 'prom-client';

/** /healthz (alive), /readyz (PostgreSQL and Redis reachable) and /metrics for the workers' process (D23). */
export function startHealthServer(port: number, deps: { sql: postgres.Sql; redis: Redis; metrics?: Registry }) {
  const server = Bun.serve({
    port,
    hostname: '0.0.0.0',
    async fetch(request) {
      const { pathname } = new URL(request.url);
      if (pathname === '/healthz') return Response.json({ status: 'ok', checks: {} });
      if (pathname === '/metrics' && deps.metrics)
        return new Response(await deps.metrics.metrics(), { headers: { 'content-type': deps.metrics.contentType } });
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
  return { port: server.port, stop: () => server.stop() };
}
