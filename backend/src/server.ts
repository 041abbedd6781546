// Before anything that uses Redis: see the module.
import '@app/contracts/diagnostics-channel';
import { ConfigError } from '@app/contracts/env';
import { UnmigratedDatabaseError } from '@app/db';
import { createApp } from './app';
import { createDeps } from './deps';
import { loadApiConfig } from './env';
import { createLogger } from './lib/logger';
import { assertStartable } from './startup-checks';

const logger = createLogger('api');

try {
  const config = loadApiConfig();
  assertStartable(config);
  const { deps, close } = await createDeps(config, logger);
  const app = createApp(deps);
  // Plugins that load asynchronously (the queue board) must be in place before the first request.
  await app.modules;
  app.listen({ port: config.PORT, maxRequestBodySize: 1024 * 1024 });
  logger.info({ port: config.PORT, url: config.APP_URL }, 'API listening');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    await app.stop();
    await close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
} catch (error) {
  if (error instanceof ConfigError || error instanceof UnmigratedDatabaseError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
