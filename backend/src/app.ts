import { DEFAULT_EMBED_HOSTS } from '@app/contracts';
import type { Database } from '@app/db';
import { Elysia } from 'elysia';
import type { Redis } from 'ioredis';
import type postgres from 'postgres';
import type { ApiConfig } from './env';
import type { EventPublisher } from './events/publisher';
import { proxyTrustOf } from './lib/client-address';
import type { Clock } from './lib/clock';
import type { Logger } from './lib/logger';
import type { RateLimiter } from './lib/rate-limit';
import { adminRoutes } from './modules/admin/admin.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { bookingRoutes, WEBHOOK_PATH } from './modules/booking/booking.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { dashboardsRoutes } from './modules/dashboards/dashboards.routes';
import type { PublicDashboardsCache } from './modules/dashboards/public-dashboards.cache';
import { nativePublicListRoute, PUBLIC_LIST_PATH } from './modules/dashboards/public-list.native';
import { seoRoutes } from './modules/seo/seo.routes';
import { systemRoutes } from './modules/system/system.routes';
import { bodyGuard } from './plugins/body-guard';
import { errorPlugin } from './plugins/errors';
import { createRequestMetrics, metricsPlugin } from './plugins/metrics';
import { openapiPlugin } from './plugins/openapi';
import { originCheck } from './plugins/origin-check';
import { queueBoard } from './plugins/queue-board';
import { requestIds } from './plugins/request-context';
import { securityHeaders } from './plugins/security-headers';
import { spaPlugin } from './plugins/spa';

export interface AppDeps {
  config: ApiConfig;
  db: Database;
  sql: postgres.Sql;
  redis: Redis;
  publisher: EventPublisher;
  clock: Clock;
  logger: Logger;
  rateLimiter: RateLimiter;
  publicDashboards: PublicDashboardsCache;
}

export interface AppOptions {
  /** Serve the built SPA (production); API tests leave it out. */
  serveSpa?: boolean;
}

/** Builds the whole API from its dependencies; tests build it with real ones and call `app.handle(request)`. */
export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const metrics = createRequestMetrics();
  const trustProxy = proxyTrustOf(deps.config.TRUST_PROXY).kind !== 'none';
  // Routes Bun's own router answers before the app when the server listens (see public-list.native.ts); requests
  // through `app.handle` (tests) take the app's route of the same path.
  let appFetch: (request: Request) => Response | Promise<Response> = () => new Response(null, { status: 503 });
  const nativeRoutes: Record<string, { GET: (request: Request) => Response | Promise<Response> }> = {
    [PUBLIC_LIST_PATH]: {
      GET: nativePublicListRoute({
        cache: deps.publicDashboards,
        metrics,
        fallback: (request) => appFetch(request),
      }),
    },
  };
  const app = new Elysia({ serve: { routes: nativeRoutes } })
    .use(errorPlugin(deps.logger))
    .use(
      metricsPlugin(
        {
          sql: deps.sql,
          redis: deps.redis,
          prefix: deps.config.QUEUE_PREFIX,
          token: deps.config.METRICS_TOKEN,
        },
        metrics,
      ),
    )
    .use(requestIds(trustProxy))
    .use(securityHeaders)
    // The scheduling service's webhook comes from elsewhere by design: its signature is its proof (D17).
    .use(originCheck(deps.config.APP_URL, deps.config.TRUSTED_ORIGINS.split(',').filter(Boolean), [WEBHOOK_PATH]))
    .use(bodyGuard)
    .use(openapiPlugin())
    .use(systemRoutes(deps))
    .use(contactRoutes(deps))
    .use(authRoutes(deps))
    .use(dashboardsRoutes(deps))
    .use(bookingRoutes(deps))
    .use(adminRoutes(deps))
    .use(queueBoard({ ...deps, prefix: deps.config.QUEUE_PREFIX }))
    .use(seoRoutes(deps));
  appFetch = (request) => app.fetch(request);
  if (options.serveSpa === false) return app;
  const frameSources = [
    ...DEFAULT_EMBED_HOSTS,
    ...deps.config.EMBED_HOSTS.split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    ...SCHEDULING_ORIGINS,
  ];
  return app.use(spaPlugin(deps.config.STATIC_DIR ?? defaultStaticDir, frameSources, { appUrl: deps.config.APP_URL }));
}

/** The scheduling service's widget (D17) is framed from here. */
const SCHEDULING_ORIGINS = ['https://calendly.com', 'https://*.calendly.com'];

export const defaultStaticDir = new URL('../../frontend/dist', import.meta.url).pathname;

export type App = ReturnType<typeof createApp>;
