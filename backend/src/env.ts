import { parseSocialLinks } from '@app/contracts';
import { databaseEnvEntries, envInt, envParsedBy, envPoolSize, envPort, envUrl } from '@app/platform/env';
import { serviceConfig, serviceEnvEntries } from '@app/platform/service-env';
import * as v from 'valibot';
import { parseProxyTrust } from './lib/client-address';

export const ApiEnvSchema = v.object({
  ...databaseEnvEntries(v.optional(envPoolSize, '10')),
  ...serviceEnvEntries,
  PORT: envPort('3000'),
  /** A visitor may move their consultation through its link up to this many hours before it starts (issue 16). */
  RESCHEDULE_NOTICE_HOURS: envInt('4'),
  /** How many days ahead a visitor may book (issue 16); later days are refused and disabled in the picker. */
  BOOKING_WINDOW_DAYS: envInt('60', 1),
  SCHEDULING_URL: v.optional(envUrl(['https:'], 'https')),
  /** The company's profiles, comma-separated https addresses on LinkedIn, X or GitHub (issue 26); unset: no icons. */
  SOCIAL_LINKS: v.optional(envParsedBy(parseSocialLinks), ''),
  /** Key that signs the scheduling service's webhooks (D17); without it the webhook answers 401. */
  SCHEDULING_WEBHOOK_SIGNING_KEY: v.optional(v.pipe(v.string(), v.minLength(8, 'must be at least 8 characters'))),
  /** More hosts whose dashboards may be embedded (the CSP's frame-src), comma-separated https origins. */
  EMBED_HOSTS: v.optional(v.string(), ''),
  STATIC_DIR: v.optional(v.string()),
  /**
   * Which reverse proxies' X-Forwarded-For entries to believe for rate limits (D8): false, true (one proxy), a number
   * of proxies, or a comma-separated list of the proxies' addresses or networks (see lib/client-address.ts).
   */
  TRUST_PROXY: v.optional(envParsedBy(parseProxyTrust), 'false'),
  /** Extra origins allowed to send state-changing requests (D9), comma-separated, e.g. the Vite dev server. */
  TRUSTED_ORIGINS: v.optional(v.string(), ''),
  /** Single sign-on (OpenID Connect, D2): configured when all three are set (GET /api/config `singleSignOn`). */
  OIDC_ISSUER: v.optional(envUrl(['https:', 'http:'], 'http(s)')),
  OIDC_CLIENT_ID: v.optional(v.string()),
  OIDC_CLIENT_SECRET: v.optional(v.string()),
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
});

export type ApiConfig = v.InferOutput<typeof ApiEnvSchema>;

const api = serviceConfig(ApiEnvSchema);

export const apiRequiredVariables = api.requiredVariables;

export const loadApiConfig = (env: Record<string, string | undefined> = process.env): ApiConfig => api.load(env);
