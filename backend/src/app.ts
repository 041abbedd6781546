import { DEFAULT_EMBED_HOSTS } from '@app/contracts';
import { type AnyElysia, Elysia } from 'elysia';
import type { AppDeps } from './deps';
import { auditRoutes } from './modules/audit';
import {
  accountSecurityRoutes,
  adminSecurityRoutes,
  authRoutes,
  ssoRoutes,
  ssoSettingsRoutes,
  validateSession,
} from './modules/auth';
import {
  bookingAdminRoutes,
  bookingRoutes,
  calendarFeedRoutes,
  consultationsRoutes,
  WEBHOOK_PATH,
} from './modules/booking';
import { contactRoutes } from './modules/contact';
import { dashboardsRoutes, embedTokenRoutes, powerBiImportRoutes } from './modules/dashboards';
import { embedConnectionsRoutes, powerBiAdminRoutes, withEmbedOrigins } from './modules/embedding';
import { leadsRoutes } from './modules/leads';
import { linksRoutes } from './modules/links';
import { membershipsRoutes } from './modules/memberships';
import { organizationsRoutes } from './modules/organizations';
import { overviewRoutes } from './modules/overview';
import { accountPersonalDataRoutes, personalDataRoutes } from './modules/personal-data';
import { seoRoutes } from './modules/seo';
import { adminSiteRoutes, sitePages, siteRoutes } from './modules/site';
import {
  ONE_CLICK_UNSUBSCRIBE_PATH,
  subscriptionsAdminRoutes,
  subscriptionsMemberRoutes,
} from './modules/subscriptions';
import { systemRoutes } from './modules/system';
import { usageRoutes } from './modules/usage';
import { usersRoutes } from './modules/users';
import { authPlugin, type SessionCheck } from './plugins/auth';
import { bodyGuard } from './plugins/body-guard';
import { errorPlugin } from './plugins/errors';
import { createRequestMetrics, metricsPlugin, type RequestMetrics } from './plugins/metrics';
import { openapiPlugin } from './plugins/openapi';
import { originCheck } from './plugins/origin-check';
import { queueBoard } from './plugins/queue-board';
import { requestContext } from './plugins/request-context';
import { securityHeaders } from './plugins/security-headers';
import { spaPlugin } from './plugins/spa';

export interface AppOptions {
  /** Serve the built SPA (production); API tests leave it out. */
  serveSpa?: boolean;
  /** Where request durations are recorded (default: a new histogram); the server shares it with its own routes. */
  requestMetrics?: RequestMetrics;
  /** OpenTelemetry's Elysia plugin, when tracing is on (server.ts loads it only then). */
  tracing?: AnyElysia;
}

/** Builds the whole API from its dependencies; tests build it with real ones and call `app.handle(request)`. */
export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const metrics = options.requestMetrics ?? createRequestMetrics();
  // Plugins are built once here; modules receive them with the dependencies they declare.
  const sessions: SessionCheck = (token) => validateSession(deps, token);
  const modules = { ...deps, auth: authPlugin(sessions, new URL(deps.config.APP_URL).protocol === 'https:') };
  const plugins = new Elysia()
    // First, so that every hook of every request runs inside the request's span.
    .use(options.tracing ?? new Elysia({ name: 'no-tracing' }))
    .use(errorPlugin(deps.logger))
    .use(
      metricsPlugin(
        {
          sql: deps.sql,
          redis: deps.redis,
          prefix: deps.config.QUEUE_PREFIX,
          token: deps.config.METRICS_TOKEN,
          logger: deps.logger,
        },
        metrics,
      ),
    )
    .use(requestContext(deps.config.TRUST_PROXY))
    .use(securityHeaders)
    // The scheduling service's webhook (D17) and RFC 8058 one-click unsubscribes (a mail client's own POST, issue 29)
    // come from elsewhere by design: their signature is their proof.
    .use(
      originCheck(deps.config.APP_URL, deps.config.TRUSTED_ORIGINS.split(',').filter(Boolean), [
        WEBHOOK_PATH,
        ONE_CLICK_UNSUBSCRIBE_PATH,
      ]),
    )
    .use(bodyGuard([WEBHOOK_PATH, ONE_CLICK_UNSUBSCRIBE_PATH]))
    .use(openapiPlugin(sessions));
  // The modules' routes are mounted on the plugins above as an untyped instance: nothing reads the whole app's route
  // types (the browser's client takes them from contracts/), and TypeScript cannot follow 25 typed mounts in a row.
  // The built app (production), served last; the queue board answers a client with its 403 page.
  const spa = options.serveSpa === false ? null : spaFor(deps);
  const app: AnyElysia = (plugins as AnyElysia)
    .use(systemRoutes(modules))
    .use(contactRoutes(modules))
    .use(authRoutes(modules))
    .use(accountSecurityRoutes(modules))
    .use(ssoRoutes(modules))
    .use(dashboardsRoutes(modules))
    .use(embedTokenRoutes(modules))
    .use(bookingRoutes(modules))
    .use(bookingAdminRoutes(modules))
    .use(consultationsRoutes(modules))
    .use(leadsRoutes(modules))
    .use(calendarFeedRoutes(modules))
    .use(organizationsRoutes(modules))
    .use(usersRoutes(modules))
    .use(membershipsRoutes(modules))
    .use(linksRoutes(modules))
    .use(subscriptionsAdminRoutes(modules))
    .use(subscriptionsMemberRoutes(modules))
    .use(embedConnectionsRoutes(modules))
    .use(powerBiAdminRoutes(modules))
    .use(powerBiImportRoutes(modules))
    .use(ssoSettingsRoutes(modules))
    .use(auditRoutes(modules))
    .use(adminSecurityRoutes(modules))
    .use(usageRoutes(modules))
    .use(overviewRoutes(modules))
    .use(siteRoutes(modules))
    .use(adminSiteRoutes(modules))
    .use(personalDataRoutes(modules))
    .use(accountPersonalDataRoutes(modules))
    .use(
      queueBoard({
        validateSession: sessions,
        redis: deps.redis,
        prefix: deps.config.QUEUE_PREFIX,
        // A client who opens the board gets the site's 403 page (the app's own look), once the app is served.
        ...(spa && { forbiddenPage: (request: Request) => spa.shell(request, 403) }),
      }),
    )
    .use(seoRoutes(modules));
  return spa ? app.use(spa) : app;
}

function spaFor(deps: AppDeps) {
  const frameSources = [
    ...DEFAULT_EMBED_HOSTS,
    ...deps.config.EMBED_HOSTS.split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    ...SCHEDULING_ORIGINS,
  ];
  // The embed connections' own sites (a self-hosted Metabase or Tableau Server) join them (decision 030).
  const sources = withEmbedOrigins(frameSources, deps.embedOrigins);
  return spaPlugin(deps.config.STATIC_DIR ?? defaultStaticDir, sources, {
    appUrl: deps.config.APP_URL,
    serverPages: sitePages(deps),
  });
}

/** The scheduling service's widget (D17) is framed from here. */
const SCHEDULING_ORIGINS = ['https://calendly.com', 'https://*.calendly.com'];

const defaultStaticDir = new URL('../../frontend/dist', import.meta.url).pathname;
