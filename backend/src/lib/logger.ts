import pino from 'pino';

export type Logger = pino.Logger;

/**
 * Structured JSON logs, one object a line. Fields that could hold a secret are redacted wherever they appear, so a
 * careless log call cannot leak a password, token or cookie.
 */
export const createLogger = (name: string, level = process.env.LOG_LEVEL ?? 'info'): Logger =>
  pino({
    name,
    level,
    redact: {
      paths: [
        'password',
        'newPassword',
        'token',
        '*.password',
        '*.newPassword',
        '*.token',
        'headers.cookie',
        '*.cookie',
      ],
      censor: '[redacted]',
    },
  });

export const silentLogger: Logger = pino({ level: 'silent' });
