import { logRedaction } from '@app/contracts/log-redaction';
import pino from 'pino';

/**
 * The workers' JSON logs (pino), redacted with the same list as the API's logger (`@app/contracts/log-redaction`):
 * no password, token, e-mailed link or cookie can reach a log line. `destination` is for tests.
 */
export const createWorkersLogger = (
  level = process.env.LOG_LEVEL ?? 'info',
  destination?: pino.DestinationStream,
): pino.Logger => pino({ name: 'workers', level, redact: logRedaction }, destination);
