/**
 * The choices a page's URL may name, as plain lists (no schema): the browser's route tree, which every page loads,
 * checks a URL against them without the schemas of the modules that use them (issue 30).
 */

/** The statuses of a lead (issue 27): from a first message to a client, or lost. */
export const LEAD_STATUSES = ['new', 'contacted', 'consultation', 'won', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Why a sign-in at an identity provider was refused (`/login/sso-error?reason=`). */
export const SSO_ERROR_REASONS = [
  'not_configured',
  'provider_unavailable',
  'provider_error',
  'invalid_state',
  'expired',
  'replayed',
  'token_invalid',
  'email_unverified',
  'domain_mismatch',
  'no_account',
  'deactivated',
  'administrator',
  'organization_inactive',
  'rate_limited',
  'cancelled',
  'unexpected',
] as const;
export type SsoErrorReason = (typeof SSO_ERROR_REASONS)[number];
