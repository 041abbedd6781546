import pino from 'pino';
import { logRedaction } from './log-redaction';
import { traceFields } from './trace-context';

export type Logger = pino.Logger;

/**
 * The JSON logs of the API and the workers (pino), one object a line. Fields that could hold a secret are redacted
 * wherever they appear, with the one list of `./log-redaction.ts`, so a careless log call cannot leak a
 * password, token, e-mailed link or cookie. `destination` is for tests; the default is standard output.
 */
export const createLogger = (
  name: string,
  level = process.env.LOG_LEVEL ?? 'info',
  destination?: pino.DestinationStream,
  // Every line written inside a trace carries its traceId and spanId (none outside one).
): Logger => pino({ name, level, redact: logRedaction, mixin: traceFields }, destination);

export const silentLogger: Logger = pino({ level: 'silent' });
