/**
 * The one list of log fields that could hold a secret, censored by the API's and the workers' pino loggers alike
 * (both made by `createLogger` in `./logger.ts`): a careless log call in either process cannot leak a
 * password, a token, an e-mailed link (it carries a token), a cookie or an Authorization header. Each name is
 * redacted at the top level of a log object and one level down (`{ user: { password } }`); headers also two levels
 * down (`{ req: { headers: { cookie } } }`).
 */
export const SECRET_LOG_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'link',
  'cookie',
  'authorization',
  // Embed connections (issue 14): the providers' secrets, a sealed secret, and the tokens minted with them.
  'secret',
  'clientSecret',
  'secretValue',
  'secretKey',
  'accessToken',
  // Two-factor sign-in (issue 17): the key shown at set-up, its sealed form, the recovery codes. (Not `code`: errors
  // carry PostgreSQL's SQLSTATE under that name, and no route logs a request body.)
  'manualKey',
  'otpauthUri',
  'sealedKey',
  'recoveryCodes',
] as const;

const LOG_REDACT_PATHS: string[] = [
  ...SECRET_LOG_FIELDS.flatMap((field) => [field, `*.${field}`]),
  '*.headers.cookie',
  '*.headers.authorization',
  '*.headers["set-cookie"]',
  'headers["set-cookie"]',
];

export const LOG_REDACT_CENSOR = '[redacted]';

/** pino's `redact` option, the same for every process. */
export const logRedaction = { paths: LOG_REDACT_PATHS, censor: LOG_REDACT_CENSOR };
