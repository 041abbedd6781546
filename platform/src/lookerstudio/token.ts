import { importPKCS8, SignJWT } from 'jose';
import { clip, googleRequest, LookerStudioError } from './http';

/**
 * The service account's access token (issue 28): the OAuth 2.0 JWT bearer grant (RFC 7523) at GOOGLE_TOKEN_URL, the
 * assertion signed RS256 with the key, acting for the Workspace user `delegatedUser` (domain-wide delegation). Cached
 * per token URL, connection and version until five minutes before it expires; parallel callers share one request; a
 * failure is not cached.
 */

const LOOKER_STUDIO_SCOPE = 'https://www.googleapis.com/auth/datastudio';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const GOOGLE = 'Google sign-in';

/** A connection as the integration takes it: its key opened, only in memory, only for the call that needs it. */
export interface LookerStudioAccount {
  id: number;
  /** The connection's version (its updatedAt): an edited connection gets a new token. */
  version: number;
  serviceAccountKey: string;
  delegatedUser: string;
}

export interface LookerStudioDeps {
  tokenUrl: string;
  apiUrl: string;
  timeoutMs: number;
  now: () => number;
}

interface ServiceAccountKey {
  clientEmail: string;
  privateKey: string;
  privateKeyId?: string;
}

/** The fields of a service account's JSON key; LookerStudioError 'invalid-key' when it is not one. */
function readServiceAccountKey(text: string): ServiceAccountKey {
  let key: Record<string, unknown>;
  try {
    key = JSON.parse(text);
  } catch {
    throw new LookerStudioError('invalid-key', 'The service account key is not JSON: paste the key file Google gives');
  }
  if (key?.type !== 'service_account' || typeof key.client_email !== 'string' || typeof key.private_key !== 'string')
    throw new LookerStudioError('invalid-key', 'The key is not a service account key (type "service_account")');
  return {
    clientEmail: key.client_email,
    privateKey: key.private_key,
    privateKeyId: typeof key.private_key_id === 'string' ? key.private_key_id : undefined,
  };
}

/** Google's own words (`unauthorized_client: Client is unauthorized to retrieve access tokens...`). */
function googleWords(status: number, body: unknown): string {
  const b = body as { error?: unknown; error_description?: unknown } | null;
  if (b && typeof b === 'object' && typeof b.error === 'string')
    return clip(`${b.error}${typeof b.error_description === 'string' ? `: ${b.error_description}` : ''}`);
  return `HTTP ${status}`;
}

interface Token {
  accessToken: string;
  renewAt: number;
}

async function requestToken(deps: LookerStudioDeps, account: LookerStudioAccount): Promise<Token> {
  const key = readServiceAccountKey(account.serviceAccountKey);
  let signingKey: CryptoKey;
  try {
    signingKey = await importPKCS8(key.privateKey, 'RS256');
  } catch {
    throw new LookerStudioError('invalid-key', "The service account key's private_key is not a readable RSA key");
  }
  const iat = Math.floor(deps.now() / 1000);
  const assertion = await new SignJWT({ scope: LOOKER_STUDIO_SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(key.privateKeyId ? { kid: key.privateKeyId } : {}) })
    .setIssuer(key.clientEmail)
    .setSubject(account.delegatedUser)
    .setAudience(deps.tokenUrl)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 3600)
    .sign(signingKey);
  const answer = await googleRequest(GOOGLE, deps.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: JWT_BEARER, assertion }).toString(),
    timeoutMs: deps.timeoutMs,
  });
  if (!answer.ok) {
    const kind = answer.status >= 500 || answer.status === 429 ? 'unavailable' : 'unauthorized';
    const hint =
      kind === 'unauthorized'
        ? ` (is domain-wide delegation granted to ${key.clientEmail} with the scope ${LOOKER_STUDIO_SCOPE}, acting as ${account.delegatedUser}?)`
        : '';
    throw new LookerStudioError(
      kind,
      `${GOOGLE} refused the service account: ${googleWords(answer.status, answer.body)}${hint}`,
    );
  }
  const body = answer.body as { access_token?: unknown; expires_in?: unknown } | null;
  const expiresIn = Number(body?.expires_in);
  if (!body || typeof body.access_token !== 'string' || !body.access_token || !Number.isFinite(expiresIn))
    throw new LookerStudioError('unavailable', `${GOOGLE} answered without a token (HTTP ${answer.status})`);
  const lifetimeMs = Math.max(0, expiresIn) * 1000;
  return { accessToken: body.access_token, renewAt: deps.now() + lifetimeMs - Math.min(5 * 60_000, lifetimeMs / 2) };
}

interface Cached {
  version: number;
  pending: Promise<Token>;
  token: Token | null;
}
const tokens = new Map<string, Cached>();
const CACHE_LIMIT = 200;

const cacheKey = (deps: LookerStudioDeps, account: LookerStudioAccount) =>
  `${deps.tokenUrl}|${account.id}|${account.delegatedUser}`;

/** The account's access token, cached until shortly before it expires (single flight). */
export async function accessToken(deps: LookerStudioDeps, account: LookerStudioAccount): Promise<string> {
  const key = cacheKey(deps, account);
  const cached = tokens.get(key);
  const now = deps.now();
  if (cached && cached.version === account.version && (!cached.token || cached.token.renewAt > now))
    return (await cached.pending).accessToken;
  const entry: Cached = { version: account.version, token: null, pending: requestToken(deps, account) };
  tokens.delete(key);
  tokens.set(key, entry);
  while (tokens.size > CACHE_LIMIT) tokens.delete(tokens.keys().next().value as string);
  entry.pending.then(
    (token) => {
      entry.token = token;
    },
    () => {
      if (tokens.get(key) === entry) tokens.delete(key);
    },
  );
  return (await entry.pending).accessToken;
}

/** The API refused the token (401): the next call asks for a new one. */
export function forgetToken(deps: LookerStudioDeps, account: LookerStudioAccount) {
  tokens.delete(cacheKey(deps, account));
}
