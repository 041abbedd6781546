import * as v from 'valibot';
import { envEmail, envMeetingUrlTemplate, envTimeZone, envUrl, parseEnv, requiredVariables } from './env';
import { lookerStudioEnvEntries } from './lookerstudio/env';
import { outboundEnvEntries } from './outbound';
import { capacityEnvEntries, powerBiApiEnvEntries } from './powerbi/env';
import { checkRedisConfig, type RedisConfig, redisEnvEntries } from './redis';
import { envEncryptionKey } from './secret-box';
import { tracingEnvEntries } from './tracing';

/**
 * The variables the API and the workers read alike (spread into each one's env schema after its database entries):
 * Redis, tracing, the outbound guard, the site's address and the company's, the booking time zone and meeting link,
 * the metrics token, the secrets' key, and the Looker Studio, Azure and Power BI endpoints.
 */
export const serviceEnvEntries = {
  ...redisEnvEntries,
  ...tracingEnvEntries,
  ...outboundEnvEntries,
  APP_URL: envUrl(['http:', 'https:'], 'http(s)'),
  COMPANY_EMAIL: envEmail,
  /** The company's time zone: bookings are offered and times in e-mails are written in it. */
  BOOKING_TIMEZONE: v.optional(envTimeZone, 'America/New_York'),
  /** The consultations' video call link, `{bookingId}` replaced (issue 16); unset, the company sends one itself. */
  MEETING_URL_TEMPLATE: v.optional(envMeetingUrlTemplate),
  /** When set, GET /metrics asks for `Authorization: Bearer <token>` (decision 023), on the workers' health port too. */
  METRICS_TOKEN: v.optional(v.string()),
  /**
   * The key that seals the secrets of embed connections (issue 14, decision 030): 32 random bytes in base64
   * (`openssl rand -base64 32`). Without it no connection can be saved, and the API refuses to start once one exists;
   * the workers need it to open the Looker Studio connections' keys (issue 28).
   */
  APP_ENCRYPTION_KEY: envEncryptionKey,
  ...lookerStudioEnvEntries,
  ...capacityEnvEntries,
  ...powerBiApiEnvEntries,
};

/**
 * A service's configuration from its env schema: the variables it requires (those without a default), and its loader,
 * which checks every variable at once (ConfigError names them all), then Redis's settings.
 */
export const serviceConfig = <TSchema extends v.ObjectSchema<v.ObjectEntries, undefined>>(schema: TSchema) => ({
  requiredVariables: requiredVariables(schema),
  load: (env: Record<string, string | undefined>): v.InferOutput<TSchema> =>
    checkRedisConfig(parseEnv(schema, env) as v.InferOutput<TSchema> & RedisConfig),
});
