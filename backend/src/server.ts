import { createLogger } from '@app/platform/logger';
import { exitOnStartError, onShutdown } from '@app/platform/shutdown';
import { startTracing, tracingEnabled } from '@app/platform/tracing';
import { createApp } from './app';
import { createDeps } from './create-deps';
import { loadApiConfig } from './env';
import { servePublicListNatively } from './modules/dashboards';
import { MAX_BODY_BYTES } from './plugins/body-guard';
import { createRequestMetrics } from './plugins/metrics';
import { assertStartable } from './startup-checks';

const logger = createLogger('api');

try {
  const config = loadApiConfig();
  assertStartable(config);
  // Before anything connects: the provider must be registered when the first span starts.
  const tracing = startTracing(config, 'lucid-insight-api');
  const { deps, close } = await createDeps(config, { logger });
  const requestMetrics = createRequestMetrics();
  // Elysia's OpenTelemetry plugin (and the SDK it brings) is loaded only when tracing is on.
  const tracingPlugin = tracingEnabled(config)
    ? (await import('@elysiajs/opentelemetry')).opentelemetry({
        serviceName: config.OTEL_SERVICE_NAME ?? 'lucid-insight-api',
        // The scrapes and probes would be most of the traces and tell nothing.
        checkIfShouldTrace: (request) => !/^\/(metrics|healthz|readyz)$/.test(new URL(request.url).pathname),
      })
    : undefined;
  const app = createApp(deps, { requestMetrics, tracing: tracingPlugin });
  // Plugins that load asynchronously (the queue board) must be in place before the first request.
  await app.modules;
  // Bun's router answers the cached public list before the app, recorded in the same metrics (decision 015).
  servePublicListNatively(app, { cache: deps.publicDashboards, metrics: requestMetrics });
  // The app refuses bodies over MAX_BODY_BYTES with a message; the server drops anything past twice that unread.
  app.listen({ port: config.PORT, maxRequestBodySize: 2 * MAX_BODY_BYTES });
  logger.info({ port: config.PORT, url: config.APP_URL }, 'API listening');

  onShutdown(logger, 'shutting down: finishing in-flight requests', async () => {
    await app.stop();
    await close();
    await tracing.shutdown();
  });
} catch (error) {
  exitOnStartError(error);
}
