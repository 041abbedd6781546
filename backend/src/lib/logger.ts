import { logRedaction } from '@app/contracts/log-redaction';
import pino from 'pino';

export type Logger = pino.Logger;

/**
 * Structured JSON logs, one object a line. Fields that could hold a secret are redacted wherever they appear, with
 * the same list as the workers' logger (`@app/contracts/log-redaction`), so a careless log call cannot leak a
 * password, token or cookie. `destination` is for tests; the default is standard output.
 */
export const createLogger = (
  name: string,
  level = process.env.LOG_LEVEL ?? 'info',
  destination?: pino.DestinationStream,
): Logger => pino({ name, level, redact: logRedaction }, destination);

export const silentLogger: Logger = pino({ level: 'silent' });
