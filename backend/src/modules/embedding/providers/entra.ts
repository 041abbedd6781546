import { entraTokenRequest, POWERBI_SCOPE } from '@app/platform/powerbi/entra-token';
import { errorCode, type ProviderAnswer, providerError, providerRequest, statusWords } from './http';
import { type OpenConnection, type ProviderDeps, ProviderError } from './types';

/**
 * The Power BI service principal's Entra ID token (client credentials, `{authority}/{tenant}/oauth2/v2.0/token`),
 * cached per connection and version until shortly before it expires, with parallel callers sharing one request.
 */

export type PowerBiConnection = Extract<OpenConnection, { provider: 'powerbi' }>;

const ENTRA = 'Entra ID';
const CACHE_LIMIT = 500;

export interface EntraToken {
  accessToken: string;
  /** When to ask for a new one: shortly before the token expires. */
  renewAt: number;
}

interface CachedEntra {
  /** The connection's version (updatedAt): an edited connection gets a new token. */
  version: number;
  /** The token, or the request for it that parallel mints share (single flight). */
  pending: Promise<EntraToken>;
  token: EntraToken | null;
}

const entraTokens = new Map<string, CachedEntra>();

/** A map that never grows without bound: the oldest entries go first. */
export const bounded = <K, V>(map: Map<K, V>, key: K, value: V) => {
  map.delete(key);
  map.set(key, value);
  while (map.size > CACHE_LIMIT) {
    const oldest = map.keys().next().value as K;
    map.delete(oldest);
  }
};

const secretsOf = (connection: PowerBiConnection) => [connection.clientSecret];

/** Entra's error and AADSTS code (`HTTP 401 (invalid_client, AADSTS7000215)`): codes only, never its text. */
function entraWords(answer: ProviderAnswer): string {
  const body = answer.body as { error?: unknown; error_description?: unknown; error_codes?: unknown } | null;
  const description = typeof body?.error_description === 'string' ? body.error_description : '';
  const aadsts = /^AADSTS\d{1,10}\b/.exec(description)?.[0] ?? null;
  return statusWords(answer.status, [errorCode(body?.error), aadsts]);
}

async function requestEntraToken(deps: ProviderDeps, connection: PowerBiConnection): Promise<EntraToken> {
  const token = entraTokenRequest(deps.config.POWERBI_AUTHORITY_URL, connection, POWERBI_SCOPE);
  const answer = await providerRequest(deps, ENTRA, token.url, token.init);
  if (!answer.ok) {
    // Entra answers 400 or 401 for a wrong tenant, client id or secret: all of them the admin's to fix.
    const kind = answer.status >= 500 || answer.status === 429 ? 'unavailable' : 'unauthorized';
    throw providerError(
      kind,
      `${ENTRA} refused the service principal's credentials: ${entraWords(answer)}`,
      secretsOf(connection),
    );
  }
  const body = answer.body as { access_token?: unknown; expires_in?: unknown } | null;
  const expiresIn = Number(body?.expires_in);
  if (!body || typeof body.access_token !== 'string' || !body.access_token || !Number.isFinite(expiresIn))
    throw new ProviderError('unavailable', `${ENTRA} answered without a token (HTTP ${answer.status})`);
  const lifetimeMs = Math.max(0, expiresIn) * 1000;
  // Renew 5 minutes before the end, or at half the lifetime when it is short.
  const margin = Math.min(5 * 60_000, lifetimeMs / 2);
  return { accessToken: body.access_token, renewAt: deps.clock.now().getTime() + lifetimeMs - margin };
}

/** Tokens are kept per authority and connection; the entry's version says which edit of the connection it is for. */
const entraKey = (deps: ProviderDeps, connection: PowerBiConnection) =>
  `${deps.config.POWERBI_AUTHORITY_URL}|${connection.id}`;

/**
 * The service principal's Entra token, cached per connection and version until shortly before it expires; parallel
 * callers share one request. A failed request is not cached.
 */
export function entraToken(deps: ProviderDeps, connection: PowerBiConnection): Promise<EntraToken> {
  const key = entraKey(deps, connection);
  const version = connection.updatedAt.getTime();
  const cached = entraTokens.get(key);
  const now = deps.clock.now().getTime();
  if (cached && cached.version === version && (!cached.token || cached.token.renewAt > now)) return cached.pending;
  const entry: CachedEntra = { version, token: null, pending: requestEntraToken(deps, connection) };
  bounded(entraTokens, key, entry);
  entry.pending.then(
    (token) => {
      entry.token = token;
    },
    () => {
      if (entraTokens.get(key) === entry) entraTokens.delete(key);
    },
  );
  return entry.pending;
}

/**
 * Power BI refused the service principal's token (401/403): it may have been revoked or the principal's rights
 * changed, so the next call asks Entra for a new one instead of reusing it until it expires.
 */
export function forgetEntraToken(deps: ProviderDeps, connection: PowerBiConnection, answer: ProviderAnswer) {
  if (answer.status === 401 || answer.status === 403) entraTokens.delete(entraKey(deps, connection));
}
