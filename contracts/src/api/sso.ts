import * as v from 'valibot';
import { parseUrl } from '../url';
import type { SsoErrorReason } from '../url-choices';
import type { CheckResult } from './common';

/**
 * Single sign-on per organization (issue 17, decision 034): OpenID Connect settings an administrator enters, what
 * the login pages ask, and the reasons a sign-in at an identity provider is refused (the SPA's /login/sso-error page).
 */

/** An e-mail domain (lower case, no `@`), as an organization's provider speaks for it. */
const DOMAIN = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/;

/**
 * Domains of public mailbox services: anyone can have an address there, so no organization's provider may speak for
 * them (its provider could otherwise sign in any account of that service).
 */
const PUBLIC_MAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.de',
  'web.de',
  'mail.com',
  'yandex.com',
  'zoho.com',
] as const;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The domain of an e-mail address, lower case; '' when the address is no address (a NUL byte, a control character, a
 * lone surrogate or a space never reaches a query) or its domain is no domain name.
 */
export const emailDomain = (email: string) => {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, Math.max(at, 0));
  const domain = email.slice(at + 1).toLowerCase();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: they are exactly what is refused
  if (at <= 0 || local.length > 64 || /[\s\u0000-\u001f\u007f@]/.test(local) || LONE_SURROGATE.test(local)) return '';
  return DOMAIN.test(domain) ? domain : '';
};

/**
 * An issuer: an http(s) URL without credentials, `?` or `#`. The server then requires https and a public address,
 * unless the operator named its host:port in OUTBOUND_ALLOW_HOSTS (D35, decision 040): only it knows that list.
 */
const isIssuerUrl = (value: string) => {
  const url = parseUrl(value);
  if (!url || url.username || url.password || url.search || url.hash || /[?#]/.test(value)) return false;
  return url.protocol === 'https:' || url.protocol === 'http:';
};

const domainText = v.pipe(
  v.string('Each domain must be text'),
  v.trim(),
  v.toLowerCase(),
  v.transform((value) => value.replace(/^@/, '')),
  v.regex(DOMAIN, 'Each domain must look like example.com'),
  v.check(
    (value) => !(PUBLIC_MAIL_DOMAINS as readonly string[]).includes(value),
    'A public mailbox domain (like gmail.com) cannot belong to one organization',
  ),
);

/** PUT /api/admin/organizations/{id}/sso */
export const SsoSettingsInputSchema = v.object({
  issuer: v.pipe(
    v.optional(v.string('Issuer URL is required'), ''),
    v.trim(),
    v.minLength(1, 'Issuer URL is required'),
    v.maxLength(2000, 'Issuer URL must be at most 2,000 characters'),
    v.check(isIssuerUrl, 'Issuer URL must be an https address (without ? or #)'),
  ),
  clientId: v.pipe(
    v.optional(v.string('Client ID is required'), ''),
    v.trim(),
    v.minLength(1, 'Client ID is required'),
    v.maxLength(500, 'Client ID must be at most 500 characters'),
  ),
  /** Write-only: empty on a change keeps the stored secret; required the first time (the server says so). */
  clientSecret: v.pipe(
    v.optional(v.nullable(v.string('Client secret must be text')), ''),
    v.transform((value) => (value ?? '').trim()),
    v.maxLength(4000, 'Client secret must be at most 4,000 characters'),
  ),
  domains: v.pipe(
    v.array(domainText, 'Domains must be a list'),
    v.minLength(1, 'Add at least one e-mail domain'),
    v.maxLength(50, 'At most 50 domains'),
    v.transform((list) => [...new Set(list)]),
  ),
  allowAccountCreation: v.optional(v.boolean('Create accounts on first sign-in must be true or false'), false),
});
export type SsoSettingsInput = v.InferInput<typeof SsoSettingsInputSchema>;
export type SsoSettingsValues = v.InferOutput<typeof SsoSettingsInputSchema>;

/** An organization's single sign-on as administrators see it: never the secret. */
export const SsoSettingsSchema = v.object({
  organizationId: v.number(),
  issuer: v.string(),
  clientId: v.string(),
  /** Always true once saved: the secret itself is never sent back. */
  hasClientSecret: v.boolean(),
  domains: v.array(v.string()),
  allowAccountCreation: v.boolean(),
  /** Where the provider must send people back (register it at the provider). */
  redirectUri: v.string(),
  updatedAt: v.string(),
});
export type SsoSettings = v.InferOutput<typeof SsoSettingsSchema>;

/** What "Test sign-in" found at the provider's discovery document. */
export type SsoTest = CheckResult;

/** GET /api/auth/sso?email= : whether the address's DOMAIN signs in at an organization's provider. */ export const SsoLookupSchema =
  v.object({
    available: v.boolean(),
    /** The organization's name, for the button "Sign in with …" (only when available). */
    organizationName: v.nullable(v.string()),
  });
export type SsoLookup = v.InferOutput<typeof SsoLookupSchema>;

/** What the error page says for each reason, in the product's voice. */
export const SSO_ERROR_MESSAGES: Record<SsoErrorReason, string> = {
  not_configured: 'Single sign-on is not set up for this address. Please sign in with your password.',
  provider_unavailable:
    "We couldn't reach your organization's sign-in service. Please try again in a few minutes, or sign in with your password.",
  provider_error:
    "Your organization's sign-in service turned the request down. Please contact your IT team or sign in with your password.",
  invalid_state: 'This sign-in link is not valid in this browser. Please start signing in again.',
  expired: 'This sign-in took too long and has expired. Please start again.',
  replayed: 'This sign-in link has already been used. Please start again.',
  token_invalid: "We couldn't verify the answer of your organization's sign-in service. Please start again.",
  email_unverified:
    'Your sign-in service did not confirm your e-mail address, so we cannot sign you in with it. Please sign in with your password.',
  domain_mismatch:
    "This e-mail address does not belong to the organization whose sign-in service you used. Please use your organization's own sign-in.",
  no_account:
    'There is no Lucid Insight account for this address yet. Please ask us for access, and we will invite you.',
  deactivated: 'This account has been deactivated. Please contact us if you think this is a mistake.',
  administrator:
    "Administrators sign in with their password and second factor, not through a client organization's sign-in service.",
  organization_inactive: "Your organization's access is paused. Please contact us to restore it.",
  rate_limited: 'Too many attempts. Please try again later.',
  cancelled: 'Signing in was cancelled. You can start again, or sign in with your password.',
  unexpected: 'Something went wrong on our side while signing you in. Please try again in a moment.',
};

export { SSO_ERROR_REASONS, type SsoErrorReason } from '../url-choices';
