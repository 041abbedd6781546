// Long file: the start and the callback of one protocol flow, whose checks must be read in order, top to bottom.
import { emailDomain, hashToken, type SsoErrorReason, type SsoLookup } from '@app/contracts/server';
import type { AppDeps } from '../../../deps';
import { isUniqueViolation } from '../../../lib/db-errors';
import { HttpError } from '../../../lib/http-error';
import { Limits } from '../../../lib/rate-limit';
import { findUserByEmail } from '../../users';
import * as authRepo from '../auth.repository';
import { type AuthDeps, createSession, type RequestInfo } from '../auth.service';
import { recordSignIn } from '../sign-in-events.repository';
import {
  authorizationUrl,
  discover,
  exchangeCode,
  ProviderError,
  type ProviderSettings,
  randomValue,
} from './oidc-client';
import * as repo from './sso.repository';
import { openClientSecret, redirectUri } from './sso-settings.service';

/**
 * Signing in at an organization's identity provider (issue 17, decision 034), or at the one of OIDC_ISSUER (D2).
 *
 * Start: a state, a nonce and a PKCE verifier are drawn. The state's SHA-256 is kept in `sso_states` with the nonce
 * and the return path; the verifier goes only into an HttpOnly cookie of the starting browser (named after the
 * state, so two tabs do not undo each other), and its SHA-256 into the row: the callback must come from that browser,
 * and nothing stored can finish the sign-in. Callback: the state is used once (one UPDATE: of parallel callbacks
 * exactly one wins) within 10 minutes, the code is exchanged with the verifier, the ID token is verified by
 * openid-client (oidc-client.ts), and only a verified address of one of the organization's domains is trusted.
 * Every failure is an answer with a reason, never a thrown error: the route sends the browser to the error page.
 */

export type SsoDeps = AuthDeps & Pick<AppDeps, 'secretBox' | 'config'>;

export const STATE_LIFETIME_MS = 10 * 60_000;
const CLIENT_HOME = '/client/dashboard';

/** The cookie that binds one sign-in to the browser that started it. */
const flowCookieName = (stateHash: string) => `sso_${stateHash.slice(0, 16)}`;

/** Where the browser goes next, and the cookies the answer sets. */
export interface SsoStep {
  location: string;
  flowCookie?: { name: string; value: string | null };
  session?: { token: string; expiresAt: Date };
}

const errorPage = (reason: SsoErrorReason): SsoStep => ({ location: `/login/sso-error?reason=${reason}` });

interface Provider {
  organization: { id: number; name: string; isActive: boolean } | null;
  settings: ProviderSettings;
  allowAccountCreation: boolean;
  domains: string[] | null;
}

class SignInRefused extends Error {
  constructor(
    readonly reason: SsoErrorReason,
    readonly details: { email?: string; userId?: number; flowCookie?: SsoStep['flowCookie'] } = {},
  ) {
    super(reason);
    this.name = 'SignInRefused';
  }
}

/** The provider of OIDC_ISSUER (D2), when all three variables are set. */
export function globalProvider(config: SsoDeps['config']): Provider | null {
  const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } = config;
  if (!OIDC_ISSUER || !OIDC_CLIENT_ID || !OIDC_CLIENT_SECRET) return null;
  return {
    organization: null,
    settings: { issuer: OIDC_ISSUER, clientId: OIDC_CLIENT_ID, clientSecret: OIDC_CLIENT_SECRET },
    allowAccountCreation: false,
    domains: null,
  };
}

async function organizationProvider(
  deps: SsoDeps,
  found: Awaited<ReturnType<typeof repo.findWithSettings>>,
): Promise<Provider> {
  if (!found) throw new SignInRefused('not_configured');
  const { organization, settings } = found;
  if (!organization.isActive) throw new SignInRefused('organization_inactive');
  const clientSecret = openClientSecret(deps.secretBox, settings);
  if (!clientSecret) {
    deps.logger.warn({ organizationId: organization.id }, 'single sign-on: the client secret does not open');
    throw new SignInRefused('provider_error');
  }
  return {
    organization: { id: organization.id, name: organization.name, isActive: organization.isActive },
    settings: { issuer: settings.issuer, clientId: settings.clientId, clientSecret },
    allowAccountCreation: settings.allowAccountCreation,
    domains: await repo.domainsOf(deps.db, organization.id),
  };
}

/** GET /api/auth/sso?email= : whether the DOMAIN signs in at an organization's provider (never whether the user exists). */
export async function lookup(deps: Pick<SsoDeps, 'db'>, email: string): Promise<SsoLookup> {
  const domain = emailDomain(email);
  const found = domain ? await repo.findByDomain(deps.db, domain) : null;
  if (!found?.organization.isActive) return { available: false, organizationName: null };
  return { available: true, organizationName: found.organization.name };
}

async function discoverOrRefuse(deps: SsoDeps, provider: Provider) {
  try {
    return await discover(provider.settings, deps.config.EMBED_PROVIDER_TIMEOUT_MS, {
      allowHosts: deps.config.OUTBOUND_ALLOW_HOSTS,
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    deps.logger.warn(
      { organizationId: provider.organization?.id ?? null, kind: error.kind, issuer: provider.settings.issuer },
      'single sign-on: the provider could not be used',
    );
    throw new SignInRefused(error.kind === 'unavailable' ? 'provider_unavailable' : 'provider_error');
  }
}

async function record(
  deps: SsoDeps,
  info: RequestInfo,
  organizationId: number | null,
  outcome: { email?: string; userId?: number; reason?: SsoErrorReason },
) {
  await recordSignIn(deps.db, {
    userId: outcome.userId ?? null,
    email: (outcome.email ?? '').slice(0, 320),
    method: 'sso',
    result: outcome.reason ? 'failure' : 'success',
    reason: outcome.reason ?? null,
    organizationId,
    ipAddress: info.ip,
    userAgent: info.userAgent?.slice(0, 300) ?? null,
  }).catch((error) => deps.logger.warn({ err: error }, 'single sign-on: the sign-in could not be recorded'));
}

/** Counts against a limit; over it, the refusal 'rate_limited'. */
async function counted(deps: SsoDeps, limits: Parameters<SsoDeps['rateLimiter']['hit']>[0]) {
  try {
    await deps.rateLimiter.hit(limits);
  } catch (error) {
    if (error instanceof HttpError && error.status === 429) throw new SignInRefused('rate_limited');
    throw error;
  }
}

export interface StartInput {
  email?: string | undefined;
  organizationId?: number | undefined;
  /** Already checked by the safe-redirect rule. */
  redirect?: string | undefined;
}

/** Starts a sign-in at the organization's provider (by e-mail domain or organization id), or at the global one. */
export async function start(deps: SsoDeps, input: StartInput, info: RequestInfo, useGlobal = false): Promise<SsoStep> {
  let organizationId: number | null = null;
  try {
    await counted(deps, [Limits.ssoStartsByIp(info.ip)]);
    let provider: Provider | null;
    if (useGlobal) provider = globalProvider(deps.config);
    else if (input.email) {
      const domain = emailDomain(input.email);
      const found = domain ? await repo.findByDomain(deps.db, domain) : null;
      provider = await organizationProvider(deps, found);
    } else if (input.organizationId) {
      provider = await organizationProvider(deps, await repo.findWithSettings(deps.db, input.organizationId));
    } else provider = null;
    if (!provider) throw new SignInRefused('not_configured');
    organizationId = provider.organization?.id ?? null;
    const config = await discoverOrRefuse(deps, provider);
    const state = randomValue();
    const nonce = randomValue();
    const codeVerifier = randomValue();
    const stateHash = hashToken(state);
    const now = deps.clock.now();
    await repo.insertState(deps.db, {
      id: stateHash,
      browserHash: hashToken(codeVerifier),
      organizationId,
      nonce,
      redirect: input.redirect ?? null,
      createdAt: now,
    });
    // Now and then, the states nobody came back with go.
    if (Math.random() < 0.05)
      void repo.deleteStatesBefore(deps.db, new Date(now.getTime() - 24 * 60 * 60_000)).catch(() => {});
    const url = await authorizationUrl(config, {
      redirectUri: redirectUri(deps.config.APP_URL),
      state,
      nonce,
      codeVerifier,
      ...(input.email ? { loginHint: input.email } : {}),
    });
    return { location: url.href, flowCookie: { name: flowCookieName(stateHash), value: codeVerifier } };
  } catch (error) {
    if (!(error instanceof SignInRefused)) throw error;
    await record(deps, info, organizationId, { email: input.email ?? '', reason: error.reason });
    return errorPage(error.reason);
  }
}

/** The callback: one use of the state, the code exchanged, the ID token verified, then the person signed in. */
export async function callback(
  deps: SsoDeps,
  callbackUrl: URL,
  readFlowCookie: (name: string) => string | null,
  info: RequestInfo,
): Promise<SsoStep> {
  let organizationId: number | null = null;
  let flowCookie: SsoStep['flowCookie'];
  try {
    await counted(deps, [Limits.ssoCallbacksByIp(info.ip)]);
    const state = callbackUrl.searchParams.get('state');
    if (!state || state.length > 200) throw new SignInRefused('invalid_state');
    const stateHash = hashToken(state);
    const found = await repo.findState(deps.db, stateHash);
    if (!found) throw new SignInRefused('invalid_state');
    organizationId = found.organizationId;
    const cookieName = flowCookieName(stateHash);
    const codeVerifier = readFlowCookie(cookieName);
    // Only the browser that started the sign-in can finish it (no login CSRF with someone else's state).
    if (!codeVerifier || codeVerifier.length > 200 || hashToken(codeVerifier) !== found.browserHash)
      throw new SignInRefused('invalid_state');
    flowCookie = { name: cookieName, value: null };
    const now = deps.clock.now();
    const used = await repo.useState(deps.db, stateHash, now, new Date(now.getTime() - STATE_LIFETIME_MS));
    if (!used) {
      const expired = found.createdAt.getTime() <= now.getTime() - STATE_LIFETIME_MS && !found.usedAt;
      throw new SignInRefused(expired ? 'expired' : 'replayed', { flowCookie });
    }
    const provider =
      used.organizationId === null
        ? globalProvider(deps.config)
        : await organizationProvider(deps, await repo.findWithSettings(deps.db, used.organizationId));
    if (!provider) throw new SignInRefused('not_configured', { flowCookie });
    const config = await discoverOrRefuse(deps, provider);
    let claims: Awaited<ReturnType<typeof exchangeCode>>;
    try {
      const answer = new URL(redirectUri(deps.config.APP_URL));
      answer.search = callbackUrl.search;
      claims = await exchangeCode(config, answer, { state, nonce: used.nonce, codeVerifier });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      deps.logger.warn({ organizationId, kind: error.kind, error: error.message }, 'single sign-on: callback refused');
      const reason: SsoErrorReason =
        error.kind === 'cancelled'
          ? 'cancelled'
          : error.kind === 'token_invalid'
            ? 'token_invalid'
            : error.kind === 'unavailable'
              ? 'provider_unavailable'
              : 'provider_error';
      throw new SignInRefused(reason, { flowCookie });
    }
    const step = await signIn(deps, provider, claims, info);
    await deps.rateLimiter.refund([Limits.ssoStartsByIp(info.ip), Limits.ssoCallbacksByIp(info.ip)]);
    await record(deps, info, organizationId, { email: claims.email ?? '', userId: step.userId });
    return { location: used.redirect ?? CLIENT_HOME, flowCookie, session: step.session };
  } catch (error) {
    if (!(error instanceof SignInRefused)) throw error;
    await record(deps, info, organizationId, {
      ...(error.details.email === undefined ? {} : { email: error.details.email }),
      ...(error.details.userId === undefined ? {} : { userId: error.details.userId }),
      reason: error.reason,
    });
    const cookie = error.details.flowCookie ?? flowCookie;
    return { ...errorPage(error.reason), ...(cookie ? { flowCookie: cookie } : {}) };
  }
}

/**
 * Who the verified claims are, and their session. An existing active user with the address signs in; one who is not
 * a member of the organization becomes one only where the organization lets its people in on their own ("create
 * accounts on first sign-in"), otherwise signs in with the access they have. A person without an account gets one
 * (a member of the organization) only there too. The global provider (D2) lets in existing users only.
 */
async function signIn(
  deps: SsoDeps,
  provider: Provider,
  claims: Awaited<ReturnType<typeof exchangeCode>>,
  info: RequestInfo,
) {
  const email = claims.email;
  if (!email) throw new SignInRefused('email_unverified');
  if (!claims.emailVerified) throw new SignInRefused('email_unverified', { email });
  if (provider.domains && !provider.domains.includes(emailDomain(email)))
    throw new SignInRefused('domain_mismatch', { email });
  let user = await findUserByEmail(deps.db, email);
  const organization = provider.organization;
  if (!user) {
    if (!organization || !provider.allowAccountCreation) throw new SignInRefused('no_account', { email });
    try {
      user = await repo.createMember(deps.db, {
        email,
        firstName: claims.givenName?.slice(0, 100) ?? null,
        lastName: claims.familyName?.slice(0, 100) ?? null,
        organizationId: organization.id,
        at: deps.clock.now(),
      });
    } catch (error) {
      // A parallel first sign-in of the same person made the account: use it.
      if (!isUniqueViolation(error)) throw error;
      user = await findUserByEmail(deps.db, email);
      if (!user) throw error;
    }
  }
  if (!user.isActive) throw new SignInRefused('deactivated', { email, userId: user.id });
  // A client organization's provider never speaks for an administrator: that would skip the second factor every
  // administrator must use (decision 035). The consultancy's own provider (D2, no organization) may.
  if (organization && user.isAdmin) throw new SignInRefused('administrator', { email, userId: user.id });
  if (organization && provider.allowAccountCreation && !(await repo.isMember(deps.db, organization.id, user.id)))
    await repo.addMember(deps.db, organization.id, user.id);
  const session = await createSession(deps, user.id, info);
  await authRepo.recordLogin(deps.db, user.id, deps.clock.now());
  return { userId: user.id, session };
}
