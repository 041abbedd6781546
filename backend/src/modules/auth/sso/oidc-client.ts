import { guardedFetcher } from '@app/platform/outbound';
import * as client from 'openid-client';

/**
 * The OpenID Connect protocol, done by `openid-client` (decision 034): discovery (the document's `issuer` must equal
 * the configured issuer exactly, so Entra's multi-tenant `{tenantid}` template is refused), the authorization code
 * flow with PKCE (S256), state and nonce, and the ID token checked by the library: its signature against the
 * provider's JWKS (non-repudiation checks on), `iss` equal to the issuer, `aud` the client id, the nonce, `exp`.
 * Every request the library makes (discovery, JWKS, token, user info) goes through the outbound guard (D35, decision
 * 040), given as its customFetch: https and public addresses only, unless the operator named the host:port in
 * OUTBOUND_ALLOW_HOSTS.
 */

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** A fault of the provider or of its settings, in words for the error page and the admin's test. */
export class ProviderError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'misconfigured' | 'refused' | 'cancelled' | 'token_invalid',
    message: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/**
 * One message for every failure to reach the issuer (refused, closed or open port, no answer, not public, not https):
 * what is behind an address an administrator typed is never told apart (D35).
 */
const unreachable = (issuer: string) =>
  new ProviderError(
    'unavailable',
    `The provider could not be reached at ${issuer} (it must be a public https address, or a host:port the operator named in OUTBOUND_ALLOW_HOSTS)`,
  );

/** Why discovery failed, told apart only as far as the provider answered: unreachable, or a wrong document. */
function discoveryFault(error: unknown, issuer: string): ProviderError {
  const cause = error instanceof Error ? error : new Error(String(error));
  const code = (cause as { code?: string }).code;
  if (code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED')
    return new ProviderError(
      'misconfigured',
      `The provider's discovery document names another issuer than ${issuer} (it must be exactly the same; for Microsoft Entra ID use https://login.microsoftonline.com/<tenant id>/v2.0)`,
    );
  if (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || code === 'OAUTH_INVALID_RESPONSE')
    return new ProviderError(
      'misconfigured',
      `${issuer}/.well-known/openid-configuration is not an OpenID Connect discovery document`,
    );
  return unreachable(issuer);
}

/** The guard's options for one provider: the operator's named hosts, and the library's own https rule eased for them. */
export interface OutboundSettings {
  allowHosts: readonly string[];
}

/** Fetches and checks the provider's discovery document; throws ProviderError. */
export async function discover(
  settings: ProviderSettings,
  timeoutMs: number,
  outbound: OutboundSettings,
): Promise<client.Configuration> {
  let url: URL;
  try {
    url = new URL(settings.issuer);
  } catch {
    throw unreachable(settings.issuer);
  }
  const guarded = guardedFetcher({ allowHosts: outbound.allowHosts });
  let config: client.Configuration;
  try {
    config = await client.discovery(url, settings.clientId, settings.clientSecret, undefined, {
      timeout: Math.ceil(timeoutMs / 1000),
      // Kept by the configuration for every later request: JWKS, token, user info.
      [client.customFetch]: (target, options) => guarded(target, options as RequestInit),
      // The guard refuses http for any host the operator did not name; openid-client's own rule would refuse it always.
      execute: [client.allowInsecureRequests],
    });
  } catch (error) {
    throw discoveryFault(error, settings.issuer);
  }
  const metadata = config.serverMetadata();
  // openid-client compares the document's issuer with the URL; say so plainly if a provider ever differs.
  if (metadata.issuer !== settings.issuer)
    throw new ProviderError(
      'misconfigured',
      `The provider says its issuer is ${metadata.issuer}, not ${settings.issuer}`,
    );
  const missing = (['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const).filter((key) => !metadata[key]);
  if (missing.length)
    throw new ProviderError('misconfigured', `The provider's discovery document lacks ${missing.join(', ')}`);
  client.enableNonRepudiationChecks(config);
  return config;
}

/** What "Test sign-in" says of a provider's discovery document. */
export async function checkProvider(settings: ProviderSettings, timeoutMs: number, outbound: OutboundSettings) {
  try {
    const config = await discover(settings, timeoutMs, outbound);
    const metadata = config.serverMetadata();
    const scopes = metadata.scopes_supported;
    const lacking = scopes ? ['openid', 'email'].filter((scope) => !scopes.includes(scope)) : [];
    if (lacking.length) return { ok: false, message: `The provider does not offer the scope(s) ${lacking.join(', ')}` };
    const codeFlow = metadata.response_types_supported?.includes('code') ?? true;
    if (!codeFlow) return { ok: false, message: 'The provider does not offer the authorization code flow' };
    return {
      ok: true,
      message: `The provider answers as ${metadata.issuer}: sign-in at ${metadata.authorization_endpoint}`,
    };
  } catch (error) {
    if (error instanceof ProviderError) return { ok: false, message: error.message };
    throw error;
  }
}

export const randomValue = () => client.randomPKCECodeVerifier();

/** The provider's sign-in page for this attempt. */
export async function authorizationUrl(
  config: client.Configuration,
  values: { redirectUri: string; state: string; nonce: string; codeVerifier: string; loginHint?: string },
): Promise<URL> {
  return client.buildAuthorizationUrl(config, {
    redirect_uri: values.redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(values.codeVerifier),
    code_challenge_method: 'S256',
    state: values.state,
    nonce: values.nonce,
    ...(values.loginHint ? { login_hint: values.loginHint } : {}),
  });
}

/** The claims the sign-in uses, from an ID token the library has verified. */
export interface VerifiedClaims {
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  subject: string;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** Exchanges the code (with the PKCE verifier) and verifies the ID token; throws ProviderError. */
export async function exchangeCode(
  config: client.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<VerifiedClaims> {
  let claims: client.IDToken | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    throw exchangeFault(error);
  }
  if (!claims) throw new ProviderError('token_invalid', 'The provider sent no ID token');
  return {
    email: text(claims.email),
    // Only a literal `true` is trusted (some providers send the string "true"; that is not a verification).
    emailVerified: claims.email_verified === true,
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
    subject: claims.sub,
  };
}

function exchangeFault(error: unknown): ProviderError {
  if (error instanceof client.AuthorizationResponseError)
    return new ProviderError(error.error === 'access_denied' ? 'cancelled' : 'refused', error.error);
  if (error instanceof client.ResponseBodyError) return new ProviderError('refused', error.error);
  const code = (error as { code?: string }).code ?? '';
  if (/^OAUTH_/.test(code) || error instanceof client.ClientError)
    return new ProviderError('token_invalid', code || 'invalid response');
  return new ProviderError('unavailable', error instanceof Error ? error.name : 'unknown');
}
