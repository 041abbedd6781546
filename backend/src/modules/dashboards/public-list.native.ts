import type { AnyElysia } from 'elysia';
import type { PublicDashboardsCache } from '../../deps';
import type { RequestMetrics } from '../../plugins/metrics';
import { newRequestId } from '../../plugins/request-context';
import { SECURITY_HEADERS } from '../../plugins/security-headers';

const PUBLIC_LIST_PATH = '/api/dashboards/public';

/**
 * `GET /api/dashboards/public` as a route of Bun's own router, for the case that is nearly every request: the list is
 * cached and fresh. It answers the cached bytes with everything the app's route would add (security headers, request
 * id, cache policy) and records the request in the same metrics, without the framework's per-request work; the
 * site's busiest read then costs barely more than serving a file. Anything else (nothing cached yet, a stale list, the
 * database down) goes to the app, whose route of the same path does the work and answers errors the usual way.
 * The app's hooks do not run here: a new cross-cutting concern (a header, a metric) must be added here too
 * (decision 015).
 */
function nativePublicListRoute(deps: {
  cache: PublicDashboardsCache;
  metrics: RequestMetrics;
  fallback: (request: Request) => Response | Promise<Response>;
}) {
  // Built once: a Response copies its init headers, so each answer adds its own request id to its copy.
  const headers = new Headers({
    ...SECURITY_HEADERS,
    'content-type': 'application/json;charset=utf-8',
    'cache-control': 'public, max-age=60',
  });
  return (request: Request): Response | Promise<Response> => {
    const started = performance.now();
    const body = deps.cache.peek();
    if (!body) return deps.fallback(request);
    const response = new Response(body, { headers });
    // Always a new id, even behind a trusted proxy: reading the request's headers at all costs this answer about a
    // sixth of its time, and the id of an answer from the cache leads nowhere anyway (no log line, no job).
    response.headers.set('x-request-id', newRequestId());
    deps.metrics.duration.observe('GET', PUBLIC_LIST_PATH, 200, (performance.now() - started) / 1000);
    return response;
  };
}

/**
 * Has Bun's router answer the public list from the cache (see `nativePublicListRoute`) once `app` listens; anything
 * it does not answer goes to `app`. Called by `server.ts` just before `listen`; the app itself knows nothing of it,
 * and `app.handle` (tests) keeps taking the app's route of the same path.
 */
export function servePublicListNatively(
  app: Pick<AnyElysia, 'config' | 'fetch'>,
  deps: { cache: PublicDashboardsCache; metrics: RequestMetrics },
) {
  const GET = nativePublicListRoute({ ...deps, fallback: (request) => app.fetch(request) });
  // Elysia hands `serve.routes` to Bun.serve beside its own routes, this one taking the path's GET.
  app.config.serve = { ...app.config.serve, routes: { ...app.config.serve?.routes, [PUBLIC_LIST_PATH]: { GET } } };
}
