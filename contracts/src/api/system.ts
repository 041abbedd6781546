import * as v from 'valibot';
import { SOCIAL_NETWORKS } from '../social';

/** GET /api/config: the runtime settings the browser may know. */
export const PublicConfigSchema = v.object({
  companyName: v.string(),
  companyEmail: v.string(),
  schedulingUrl: v.nullable(v.string()),
  bookingTimeZone: v.string(),
  /** Single sign-on is configured (OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET all set): /client/login shows
   * its company-account button only then. */
  singleSignOn: v.boolean(),
  /** The company's social profiles (SOCIAL_LINKS, issue 26): the footer shows an icon for each, none when empty. */
  socialLinks: v.array(v.object({ network: v.picklist(SOCIAL_NETWORKS), url: v.string() })),
});
export type PublicConfig = v.InferOutput<typeof PublicConfigSchema>;

/** GET /healthz and /readyz */
export const HealthSchema = v.object({ status: v.string(), checks: v.record(v.string(), v.string()) });
