import { randomUUID } from 'node:crypto';
import type { ConnectionTest } from '@app/contracts';
import { SignJWT } from 'jose';
import * as http from './http';
import {
  connectionTest,
  type EmbedIdentity,
  type EmbedTarget,
  type MintedToken,
  type OpenConnection,
  type ProviderDeps,
  ProviderError,
} from './types';

/**
 * Tableau connected apps, direct trust: an HS256 JWT signed with the connected app's secret (`kid` the secret id, `iss`
 * the client id, `aud` 'tableau', `sub` the person's e-mail), carrying the organization's user attributes for
 * Tableau's user attribute functions. The viewer hands it to `<tableau-viz token>`.
 */

type TableauConnection = Extract<OpenConnection, { provider: 'tableau' }>;
type TableauTarget = Extract<EmbedTarget, { provider: 'tableau' }>;
type TableauIdentity = Extract<EmbedIdentity, { provider: 'tableau' }>;

const LABEL = 'Tableau';
/** The REST API version of the sign-in test (Tableau Server 2024.2 and Tableau Cloud). */
const REST_VERSION = '3.22';
/** Tableau refuses connected-app tokens that live longer than 10 minutes. */
const MAX_MINUTES = 10;
/** Claim that tells Tableau the token carries user attributes (on-demand access). */
const ATTRIBUTES_CLAIM = 'https://tableau.com/oda';

/**
 * Claim names a user attribute may not take: the JWT's standard claims and header fields, and Tableau's own
 * (`https://tableau.com/...`). Compared without regard to case, so `SUB` is refused as clearly as `sub`.
 */
export const TABLEAU_RESERVED_CLAIMS = [
  'iss',
  'sub',
  'aud',
  'exp',
  'nbf',
  'iat',
  'jti',
  'scp',
  'kid',
  'alg',
  'typ',
  ATTRIBUTES_CLAIM,
] as const;

/** Whether a user attribute's name is reserved (the link's data scope must refuse it). */
export function isReservedTableauClaim(name: string): boolean {
  const lower = name.trim().toLowerCase();
  return (TABLEAU_RESERVED_CLAIMS as readonly string[]).includes(lower) || lower.startsWith('https://tableau.com/');
}

const secretsOf = (connection: TableauConnection) => [connection.secretValue];

/** The connected app's JWT: attributes first, then the standard claims, so no attribute can replace one. */
async function connectedAppJwt(
  deps: ProviderDeps,
  connection: TableauConnection,
  claims: { sub: string; scp: string[]; attributes: Record<string, string | string[]> },
): Promise<{ token: string; expiresAt: Date }> {
  const minutes = Math.min(MAX_MINUTES, deps.config.EMBED_TOKEN_MINUTES);
  const iat = Math.floor(deps.clock.now().getTime() / 1000);
  const exp = iat + minutes * 60;
  const attributes = Object.fromEntries(
    Object.entries(claims.attributes).filter(([name]) => !isReservedTableauClaim(name)),
  );
  const payload = {
    ...attributes,
    ...(Object.keys(attributes).length > 0 ? { [ATTRIBUTES_CLAIM]: 'true' } : {}),
    iss: connection.clientId,
    aud: 'tableau',
    sub: claims.sub,
    jti: randomUUID(),
    iat,
    exp,
    scp: claims.scp,
  };
  const token = await new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: connection.secretId, iss: connection.clientId })
    .sign(new TextEncoder().encode(connection.secretValue));
  return { token, expiresAt: new Date(exp * 1000) };
}

export async function mintTableau(
  deps: ProviderDeps,
  connection: TableauConnection,
  target: TableauTarget,
  identity: TableauIdentity,
): Promise<MintedToken> {
  const { token, expiresAt } = await connectedAppJwt(deps, connection, {
    sub: identity.email,
    scp: ['tableau:views:embed'],
    attributes: identity.scope.attributes,
  });
  return { mode: 'tableau', src: target.viewUrl, token, expiresAt };
}

/** Tableau's status and error code (`HTTP 401 (401001)`): never its summary or detail. */
function tableauWords(answer: http.ProviderAnswer): string {
  const error = (answer.body as { error?: { code?: unknown } } | null)?.error;
  return http.statusWords(answer.status, [http.errorCode(error?.code)]);
}

const restUrl = (connection: TableauConnection, path: string) => {
  const site = new URL(connection.siteUrl);
  return `${http.baseUrl(`${site.origin}${site.pathname}`)}/api/${REST_VERSION}/${path}`;
};

/** "Test connection": signs in to the REST API with a connected-app token for the admin's e-mail, then signs out. */
export function testTableau(
  deps: ProviderDeps,
  connection: TableauConnection,
  probe: { email: string },
): Promise<ConnectionTest> {
  return connectionTest(ProviderError, async () => {
    const { token: jwt } = await connectedAppJwt(deps, connection, {
      sub: probe.email,
      scp: ['tableau:content:read'],
      attributes: {},
    });
    const answer = await http.providerRequest(deps, LABEL, restUrl(connection, 'auth/signin'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ credentials: { jwt, site: { contentUrl: connection.siteName } } }),
    });
    if (!answer.ok) {
      const kind = http.kindOfStatus(answer.status);
      const hint =
        kind === 'unauthorized'
          ? ` (check the connected app's client id, secret id and secret value, that it is enabled, and that ${probe.email} is a user of the site)`
          : '';
      throw http.providerError(
        kind,
        `${LABEL} refused the sign-in: ${tableauWords(answer)}${hint}`,
        secretsOf(connection),
      );
    }
    const credentials = (answer.body as { credentials?: { token?: unknown } } | null)?.credentials;
    if (typeof credentials?.token !== 'string')
      throw new ProviderError('unavailable', `${LABEL} answered the sign-in in an unexpected form`);
    // Best effort: a session left open expires by itself.
    await http
      .providerRequest(deps, LABEL, restUrl(connection, 'auth/signout'), {
        method: 'POST',
        headers: { 'x-tableau-auth': credentials.token },
      })
      .catch(() => undefined);
    const site = connection.siteName ? `site "${connection.siteName}"` : 'the Default site';
    return `Connected to Tableau: signed in to ${site} as ${probe.email}`;
  });
}

/** While a dashboard is saved: the view must be on the connection's site (a token of one site opens nothing elsewhere). */
export async function checkTableauTarget(
  _deps: ProviderDeps,
  connection: TableauConnection,
  target: TableauTarget,
): Promise<string | null> {
  let view: URL;
  try {
    view = new URL(target.viewUrl);
  } catch {
    return 'The view URL is not a valid address';
  }
  const site = new URL(connection.siteUrl);
  if (view.host.toLowerCase() !== site.host.toLowerCase())
    return `The view is on ${view.host}, not on the connection's site ${site.host}: Tableau will not accept the connection's tokens there`;
  if (connection.siteName) {
    const path = `${view.pathname}${view.hash}`.toLowerCase();
    const name = connection.siteName.toLowerCase();
    if (!path.includes(`/t/${name}/`) && !path.includes(`/site/${name}/`))
      return `The view's address does not name the site "${connection.siteName}" (/t/${connection.siteName}/views/...): check that it belongs to the connection's site`;
  }
  return null;
}

export const describeTableau = (identity: TableauIdentity): Record<string, unknown> => ({
  sub: identity.email,
  attributes: Object.fromEntries(
    Object.entries(identity.scope.attributes).filter(([name]) => !isReservedTableauClaim(name)),
  ),
});
