import { UnmigratedDatabaseError } from '@app/db';
import { ConfigError } from './env';
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

/** An error class, as `instanceof` takes it. */
type ErrorKind = abstract new (...args: never[]) => Error;

/**
 * What a process does with an error of its start: one the operator fixes (a bad configuration, a database not
 * migrated, and the `alsoTheirs` a process adds) prints its message alone and exits 1; anything else is thrown on.
 */
export function exitOnStartError(error: unknown, ...alsoTheirs: ErrorKind[]): never {
  if ([ConfigError, UnmigratedDatabaseError, ...alsoTheirs].some((kind) => error instanceof kind)) {
    console.error((error as Error).message);
    process.exit(1);
  }
  throw error;
}
