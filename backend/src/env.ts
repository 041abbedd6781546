import { parseSocialLinks } from '@app/contracts';
import {
  databaseEnvEntries,
  envEmail,
  envInt,
  envMeetingUrlTemplate,
  envPoolSize,
  envPort,
  envTimeZone,
  envUrl,
  parseEnv,
  requiredVariables,
} from '@app/platform/env';
import { lookerStudioEnvEntries } from '@app/platform/lookerstudio/env';
import { outboundEnvEntries } from '@app/platform/outbound';
import { capacityEnvEntries } from '@app/platform/powerbi/env';
import { checkRedisConfig, redisEnvEntries } from '@app/platform/redis';
import { envEncryptionKey } from '@app/platform/secret-box';
import { tracingEnvEntries } from '@app/platform/tracing';
import * as v from 'valibot';
import { parseProxyTrust } from './lib/client-address';

export const ApiEnvSchema = v.object({
  ...databaseEnvEntries(v.optional(envPoolSize, '10')),
  ...redisEnvEntries,
  ...tracingEnvEntries,
  ...outboundEnvEntries,
  APP_URL: envUrl(['http:', 'https:'], 'http(s)'),
  COMPANY_EMAIL: envEmail,
  PORT: envPort('3000'),
  BOOKING_TIMEZONE: v.optional(envTimeZone, 'America/New_York'),
  /** A visitor may move their consultation through its link up to this many hours before it starts (issue 16). */
  RESCHEDULE_NOTICE_HOURS: envInt('4'),
  /** How many days ahead a visitor may book (issue 16); later days are refused and disabled in the picker. */
  BOOKING_WINDOW_DAYS: envInt('60', 1),
  SCHEDULING_URL: v.optional(envUrl(['https:'], 'https')),
  /** The company's profiles, comma-separated https addresses on LinkedIn, X or GitHub (issue 26); unset: no icons. */
  SOCIAL_LINKS: v.optional(
    v.pipe(
      v.string(),
      v.rawCheck(({ dataset, addIssue }) => {
        if (!dataset.typed) return;
        const links = parseSocialLinks(dataset.value);
        if (typeof links === 'string') addIssue({ message: links });
      }),
    ),
    '',
  ),
  /** The consultations' video call link, `{bookingId}` replaced (issue 16); unset, the company sends one itself. */
  MEETING_URL_TEMPLATE: v.optional(envMeetingUrlTemplate),
  /** Key that signs the scheduling service's webhooks (D17); without it the webhook answers 401. */
  SCHEDULING_WEBHOOK_SIGNING_KEY: v.optional(v.pipe(v.string(), v.minLength(8, 'must be at least 8 characters'))),
  /** More hosts whose dashboards may be embedded (the CSP's frame-src), comma-separated https origins. */
  EMBED_HOSTS: v.optional(v.string(), ''),
  /** When set, GET /metrics asks for `Authorization: Bearer <token>`. */
  METRICS_TOKEN: v.optional(v.string()),
  STATIC_DIR: v.optional(v.string()),
  /**
   * Which reverse proxies' X-Forwarded-For entries to believe for rate limits (D8): false, true (one proxy), a number
   * of proxies, or a comma-separated list of the proxies' addresses or networks (see lib/client-address.ts).
   */
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.rawCheck(({ dataset, addIssue }) => {
        if (!dataset.typed) return;
        const trust = parseProxyTrust(dataset.value);
        if (typeof trust === 'string') addIssue({ message: trust });
      }),
    ),
    'false',
  ),
  /** Extra origins allowed to send state-changing requests (D9), comma-separated, e.g. the Vite dev server. */
  TRUSTED_ORIGINS: v.optional(v.string(), ''),
  /** Single sign-on (OpenID Connect, D2): configured when all three are set (GET /api/config `singleSignOn`). */
  OIDC_ISSUER: v.optional(envUrl(['https:', 'http:'], 'http(s)')),
  OIDC_CLIENT_ID: v.optional(v.string()),
  OIDC_CLIENT_SECRET: v.optional(v.string()),
  /**
   * The key that seals the secrets of embed connections (issue 14, decision 030): 32 random bytes in base64
   * (`openssl rand -base64 32`). Without it no connection can be saved, and the API refuses to start once one exists.
   */
  APP_ENCRYPTION_KEY: envEncryptionKey,
  /** Where Entra ID issues the Power BI service principal's tokens (`{authority}/{tenantId}/oauth2/v2.0/token`). */
  POWERBI_AUTHORITY_URL: v.optional(envUrl(['https:', 'http:'], 'http(s)'), 'https://login.microsoftonline.com'),
  /** The Power BI REST API (`{api}/v1.0/myorg/...`). */
  POWERBI_API_URL: v.optional(envUrl(['https:', 'http:'], 'http(s)'), 'https://api.powerbi.com'),
  /** How long a minted embed token lives, in minutes (Tableau and Metabase tokens at most 10). */
  EMBED_TOKEN_MINUTES: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,2}$/, 'must be a whole number of minutes from 1 to 60'),
      v.transform(Number),
      v.minValue(1, 'must be a whole number of minutes from 1 to 60'),
      v.maxValue(60, 'must be a whole number of minutes from 1 to 60'),
    ),
    '10',
  ),
  /** How long the server waits for a provider (Entra ID, Power BI, Tableau, Metabase) before telling the person it is down. */
  EMBED_PROVIDER_TIMEOUT_MS: envInt('8000', 100),
  ...lookerStudioEnvEntries,
  ...capacityEnvEntries,
});

export type ApiConfig = v.InferOutput<typeof ApiEnvSchema>;

export const apiRequiredVariables = requiredVariables(ApiEnvSchema);

export const loadApiConfig = (env: Record<string, string | undefined> = process.env): ApiConfig =>
  checkRedisConfig(parseEnv(ApiEnvSchema, env));
