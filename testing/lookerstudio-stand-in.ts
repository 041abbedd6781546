// Long file: one stand-in of Google's token endpoint and the four Looker Studio API calls, with its test hooks.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createLocalJWKSet, decodeJwt, exportJWK, importSPKI, jwtVerify } from 'jose';

/**
 * A stand-in of Google for the Looker Studio integration (issue 28), on one loopback HTTP server, as Google answers:
 * - `POST /token`: the OAuth 2.0 JWT bearer grant (RFC 7523). It checks `grant_type`, the assertion's RS256 signature
 *   against the service account's public half, `iss` (the key's client e-mail), `aud` (this URL), `scope` (datastudio),
 *   `iat`/`exp` (at most an hour); `sub` must be a user the service account has domain-wide delegation for, else
 *   `401 unauthorized_client`, as Google says it;
 * - `GET /v1/assets:search?assetTypes=REPORT&title&pageToken`, `GET|PATCH /v1/assets/{name}/permissions`,
 *   `POST /v1/assets/{name}/permissions:addMembers` and `:revokeAllPermissions`: the documented shapes (the permissions
 *   map of role to members, an etag that changes on every write; a PATCH with a stale etag is refused 409 ABORTED),
 *   errors as `{ error: { code, message, status } }`. Only the delegated user's reports (owner or editor) can be shared.
 * Test hooks: share a report "by hand" (`addMember`), make an endpoint fail N times or be slow (`fail`), see requests.
 */

type LookerEndpoint = 'token' | 'search' | 'get' | 'patch' | 'add-members' | 'revoke';

interface LookerFailure {
  status?: number;
  /** Answer only after this long. */
  delayMs?: number;
  /** How many requests fail (then the endpoint works again); default: until `fail(endpoint, null)`. */
  times?: number;
  /** Only the requests about this report fail (others, e.g. other reports' retries, are answered as usual). */
  report?: string;
}

interface LookerRequest {
  endpoint: LookerEndpoint;
  method: string;
  path: string;
  body: unknown;
  /** The token's delegated user (API calls) or the assertion's claims (token calls). */
  subject: string | null;
}

interface LookerStandInAsset {
  name: string;
  title: string;
  owner: string;
  permissions: Record<string, { members: string[] }>;
  etag: string;
}

export interface LookerStudioStandIn {
  url: string;
  /** For GOOGLE_TOKEN_URL */
  tokenUrl: string;
  /** For LOOKER_STUDIO_API_URL */
  apiUrl: string;
  /** A service account's JSON key (as text) the token endpoint accepts. */
  serviceAccountKey: string;
  serviceAccountEmail: string;
  /** The Workspace user it has domain-wide delegation for (owner of every report made with `addReport`). */
  delegatedUser: string;
  requests: LookerRequest[];
  requestsTo(endpoint: LookerEndpoint): LookerRequest[];
  /** A report owned by the delegated user; `shared` adds `LINK_VIEWER: allUsers` (anyone with the link). */
  addReport(report: { name: string; title?: string; linkShared?: boolean }): LookerStandInAsset;
  report(name: string): LookerStandInAsset | undefined;
  /** The report's VIEWER members (lower-cased, sorted). */
  viewers(name: string): string[];
  /** Someone shares the report by hand in Looker Studio (the etag changes). */
  addMember(name: string, role: string, member: string): void;
  deleteReport(name: string): void;
  /** Another delegated user the service account may act for. */
  allowDelegation(user: string): void;
  fail(endpoint: LookerEndpoint, failure: LookerFailure | null): void;
  reset(): void;
  stop(): Promise<void>;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const googleError = (code: number, status: string, message: string) => json({ error: { code, message, status } }, code);
const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

const SCOPE = 'https://www.googleapis.com/auth/datastudio';
const normal = (member: string) => {
  const [prefix, ...rest] = member.split(':');
  return rest.length ? `${prefix}:${rest.join(':').toLowerCase()}` : member;
};

export async function startLookerStudioStandIn(
  options: { delegatedUser?: string; tokenLifetimeSeconds?: number } = {},
): Promise<LookerStudioStandIn> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const serviceAccountEmail = 'portal-sharing@lucid-insight.iam.gserviceaccount.com';
  const keyId = randomUUID().replaceAll('-', '');
  const serviceAccountKey = JSON.stringify({
    type: 'service_account',
    project_id: 'lucid-insight',
    private_key_id: keyId,
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: serviceAccountEmail,
    client_id: '100000000000000000001',
    token_uri: 'https://oauth2.googleapis.com/token',
  });
  const verificationKey = await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'RS256');
  const jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(verificationKey)), kid: keyId, alg: 'RS256' }] });
  const delegatedUser = (options.delegatedUser ?? 'sharing@consultancy.test').toLowerCase();
  const delegation = new Set([delegatedUser]);
  const tokens = new Map<string, { sub: string; expiresAt: number }>();
  const assets = new Map<string, LookerStandInAsset>();
  const failures = new Map<LookerEndpoint, LookerFailure & { remaining: number }>();
  const requests: LookerRequest[] = [];
  let etagCounter = 0;
  const nextEtag = () => `etag-${++etagCounter}-${randomUUID().slice(0, 8)}`;
  let origin = '';

  async function token(body: URLSearchParams): Promise<Response> {
    const refuse = (error: string, description: string, status = 400) =>
      json({ error, error_description: description }, status);
    if (body.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
      return refuse('unsupported_grant_type', `Invalid grant_type: ${body.get('grant_type') ?? ''}`);
    const assertion = body.get('assertion') ?? '';
    let claims: Record<string, unknown>;
    try {
      claims = (await jwtVerify(assertion, jwks, { algorithms: ['RS256'], audience: `${origin}/token` })).payload;
    } catch (error) {
      return refuse('invalid_grant', `Invalid JWT Signature or claims (${(error as Error).message}).`);
    }
    const now = Math.floor(Date.now() / 1000);
    const iat = Number(claims.iat);
    const exp = Number(claims.exp);
    if (claims.iss !== serviceAccountEmail)
      return refuse('invalid_grant', "Invalid issuer: not the key's client e-mail");
    if (!Number.isFinite(iat) || !Number.isFinite(exp) || exp - iat > 3600 || exp <= iat || iat > now + 60)
      return refuse(
        'invalid_grant',
        'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.',
      );
    if (typeof claims.scope !== 'string' || !claims.scope.split(' ').includes(SCOPE))
      return refuse('invalid_scope', 'Invalid OAuth scope or ID token audience provided.');
    const sub = typeof claims.sub === 'string' ? claims.sub.toLowerCase() : '';
    if (!delegation.has(sub))
      return refuse(
        'unauthorized_client',
        'Client is unauthorized to retrieve access tokens using this method, or client not authorized for any of the scopes requested.',
        401,
      );
    const accessToken = `ya29.stand-in-${randomUUID()}`;
    const lifetime = options.tokenLifetimeSeconds ?? 3599;
    tokens.set(accessToken, { sub, expiresAt: Date.now() + lifetime * 1000 });
    return json({ access_token: accessToken, expires_in: lifetime, token_type: 'Bearer' });
  }

  const view = (asset: LookerStandInAsset) => ({ permissions: asset.permissions, etag: asset.etag });
  const canManage = (asset: LookerStandInAsset, sub: string) =>
    ['OWNER', 'EDITOR'].some((role) => asset.permissions[role]?.members.includes(`user:${sub}`));
  const canSee = (asset: LookerStandInAsset, sub: string) =>
    canManage(asset, sub) || asset.permissions.VIEWER?.members.includes(`user:${sub}`);

  function api(endpoint: LookerEndpoint, sub: string, url: URL, name: string, body: unknown): Response {
    if (endpoint === 'search') {
      if (url.searchParams.get('assetTypes') !== 'REPORT' && url.searchParams.get('assetTypes') !== 'DATA_SOURCE')
        return googleError(400, 'INVALID_ARGUMENT', 'assetTypes is required');
      const title = (url.searchParams.get('title') ?? '').toLowerCase();
      const found = [...assets.values()].filter((a) => canSee(a, sub) && a.title.toLowerCase().includes(title));
      const start = Number(url.searchParams.get('pageToken') || 0);
      const page = found.slice(start, start + 2);
      return json({
        assets: page.map((a) => ({
          name: a.name,
          title: a.title,
          assetType: 'REPORT',
          owner: a.owner,
          trashed: false,
          updateTime: '2026-11-20T10:00:00Z',
          createTime: '2026-11-01T10:00:00Z',
        })),
        ...(start + 2 < found.length ? { nextPageToken: String(start + 2) } : {}),
      });
    }
    const asset = assets.get(name);
    if (!asset || !canSee(asset, sub)) return googleError(404, 'NOT_FOUND', 'Requested entity was not found.');
    if (endpoint === 'get') return json(view(asset));
    if (!canManage(asset, sub)) return googleError(403, 'PERMISSION_DENIED', 'The caller does not have permission');
    const b = (body ?? {}) as Record<string, unknown>;
    if (endpoint === 'patch') {
      // The documented body is { permissions: { permissions, etag } }; { permissions, etag } is taken too.
      const inner = (b.permissions ?? {}) as Record<string, unknown>;
      const nested = typeof inner.permissions === 'object' && inner.permissions !== null;
      const map = (nested ? inner.permissions : inner) as Record<string, { members?: unknown }>;
      const etag = nested ? inner.etag : b.etag;
      if (typeof etag === 'string' && etag !== asset.etag)
        return googleError(409, 'ABORTED', 'The permissions were changed by another request: read them again.');
      if (map.OWNER) return googleError(400, 'INVALID_ARGUMENT', 'The OWNER role cannot be updated.');
      for (const [role, value] of Object.entries(map)) {
        if (!['EDITOR', 'VIEWER', 'LINK_VIEWER', 'LINK_EDITOR'].includes(role))
          return googleError(400, 'INVALID_ARGUMENT', `Unknown role ${role}`);
        if (!Array.isArray(value?.members)) return googleError(400, 'INVALID_ARGUMENT', 'members must be a list');
        asset.permissions[role] = { members: (value.members as string[]).map(normal) };
      }
    } else if (endpoint === 'add-members') {
      if (b.role !== 'VIEWER' && b.role !== 'EDITOR')
        return googleError(400, 'INVALID_ARGUMENT', 'role must be VIEWER or EDITOR');
      const members = Array.isArray(b.members) ? (b.members as string[]).map(normal) : [];
      asset.permissions[b.role] ??= { members: [] };
      const role = asset.permissions[b.role]!;
      for (const member of members) if (!role.members.includes(member)) role.members.push(member);
    } else {
      const members = new Set(Array.isArray(b.members) ? (b.members as string[]).map(normal) : []);
      for (const [role, value] of Object.entries(asset.permissions))
        if (role !== 'OWNER') value.members = value.members.filter((m) => !members.has(m));
    }
    asset.etag = nextEtag();
    return json(view(asset));
  }

  function route(method: string, path: string): { endpoint: LookerEndpoint; name: string } | null {
    if (method === 'POST' && path === '/token') return { endpoint: 'token', name: '' };
    if (method === 'GET' && path === '/v1/assets:search') return { endpoint: 'search', name: '' };
    const match = /^\/v1\/assets\/([^/:]+)\/permissions(:addMembers|:revokeAllPermissions)?$/.exec(path);
    if (!match) return null;
    const name = decodeURIComponent(match[1]!);
    if (!match[2] && method === 'GET') return { endpoint: 'get', name };
    if (!match[2] && method === 'PATCH') return { endpoint: 'patch', name };
    if (match[2] === ':addMembers' && method === 'POST') return { endpoint: 'add-members', name };
    if (match[2] === ':revokeAllPermissions' && method === 'POST') return { endpoint: 'revoke', name };
    return null;
  }

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      const found = route(request.method, url.pathname);
      if (!found) return googleError(404, 'NOT_FOUND', `No stand-in at ${request.method} ${url.pathname}`);
      const text = await request.text();
      let body: unknown = null;
      if (found.endpoint === 'token') body = new URLSearchParams(text);
      else if (text)
        try {
          body = JSON.parse(text);
        } catch {
          return googleError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
        }
      const bearer = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
      const session = tokens.get(bearer);
      let subject: string | null = session?.sub ?? null;
      if (found.endpoint === 'token')
        try {
          subject = String(decodeJwt((body as URLSearchParams).get('assertion') ?? '').sub ?? '');
        } catch {}
      requests.push({
        endpoint: found.endpoint,
        method: request.method,
        path: `${url.pathname}${url.search}`,
        body: body instanceof URLSearchParams ? Object.fromEntries(body) : body,
        subject,
      });
      const failure = failures.get(found.endpoint);
      if (failure && (!failure.report || failure.report === found.name)) {
        if (--failure.remaining <= 0) failures.delete(found.endpoint);
        if (failure.delayMs) await Bun.sleep(failure.delayMs);
        if (failure.status)
          return found.endpoint === 'token'
            ? json({ error: 'internal_failure', error_description: 'Stand-in failure' }, failure.status)
            : googleError(failure.status, STATUS_NAMES[failure.status] ?? 'UNKNOWN', 'Stand-in failure');
      }
      if (found.endpoint === 'token') return token(body as URLSearchParams);
      if (!session || session.expiresAt <= Date.now())
        return googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
      return api(found.endpoint, session.sub, url, found.name, body);
    },
  });
  origin = `http://127.0.0.1:${server.port}`;

  return {
    url: origin,
    tokenUrl: `${origin}/token`,
    apiUrl: origin,
    serviceAccountKey,
    serviceAccountEmail,
    delegatedUser,
    requests,
    requestsTo: (endpoint) => requests.filter((r) => r.endpoint === endpoint),
    addReport({ name, title, linkShared }) {
      const asset: LookerStandInAsset = {
        name,
        title: title ?? `Report ${name}`,
        owner: delegatedUser,
        permissions: {
          OWNER: { members: [`user:${delegatedUser}`] },
          ...(linkShared ? { LINK_VIEWER: { members: ['allUsers'] } } : {}),
        },
        etag: nextEtag(),
      };
      assets.set(name, asset);
      return asset;
    },
    report: (name) => assets.get(name),
    viewers: (name) => [...(assets.get(name)?.permissions.VIEWER?.members ?? [])].sort(),
    addMember(name, role, member) {
      const asset = assets.get(name);
      if (!asset) throw new Error(`No report ${name}`);
      asset.permissions[role] ??= { members: [] };
      asset.permissions[role]!.members.push(normal(member));
      asset.etag = nextEtag();
    },
    deleteReport: (name) => void assets.delete(name),
    allowDelegation: (user) => void delegation.add(user.toLowerCase()),
    fail(endpoint, failure) {
      if (failure) failures.set(endpoint, { ...failure, remaining: failure.times ?? Number.POSITIVE_INFINITY });
      else failures.delete(endpoint);
    },
    reset() {
      requests.length = 0;
      failures.clear();
    },
    async stop() {
      await server.stop(true);
    },
  };
}
