import type { Logger } from './logger';

/**
 * Graceful shutdown of a server process: on the first SIGTERM or SIGINT, logs `message`, runs `stop` (finish what is
 * in flight, then close connections) and exits 0. A second signal while stopping is ignored.
 */
export function onShutdown(logger: Logger, message: string, stop: () => Promise<void>): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, message);
    await stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
