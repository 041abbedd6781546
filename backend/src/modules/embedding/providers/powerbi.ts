import type { ConnectionTest } from '@app/contracts';
import { baseUrl, clip, kindOfStatus, type ProviderAnswer, providerError, providerRequest } from './http';
import type { EmbedIdentity, EmbedTarget, MintedToken, OpenConnection, ProviderDeps } from './types';
import { ProviderError } from './types';

/**
 * Power BI Embedded, "embed for your customers" (app owns data): an Entra ID token for the connection's service
 * principal (client credentials), the report's embedUrl and datasetId, then GenerateToken (V2) with the organization's
 * row-level security identity. Microsoft's documented requests, with `fetch`.
 */

type PowerBiConnection = Extract<OpenConnection, { provider: 'powerbi' }>;
type PowerBiTarget = Extract<EmbedTarget, { provider: 'powerbi' }>;
type PowerBiIdentity = Extract<EmbedIdentity, { provider: 'powerbi' }>;

const LABEL = 'Power BI';
const ENTRA = 'Entra ID';
const POWERBI_SCOPE = 'https://analysis.windows.net/powerbi/api/.default';
/** A report's embedUrl and dataset hardly ever change: asked again after a minute. */
const REPORT_CACHE_MS = 60_000;
const CACHE_LIMIT = 500;

interface EntraToken {
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
const reports = new Map<string, { report: PowerBiReport; until: number }>();

interface PowerBiReport {
  embedUrl: string;
  datasetId: string;
}

/** A map that never grows without bound: the oldest entries go first. */
const bounded = <K, V>(map: Map<K, V>, key: K, value: V) => {
  map.delete(key);
  map.set(key, value);
  while (map.size > CACHE_LIMIT) {
    const oldest = map.keys().next().value as K;
    map.delete(oldest);
  }
};

const secretsOf = (connection: PowerBiConnection) => [connection.clientSecret];

/** Entra's own words (`AADSTS7000215: Invalid client secret provided.`), without its trace and correlation ids. */
function entraWords(answer: ProviderAnswer): string {
  const body = answer.body as { error?: unknown; error_description?: unknown } | null;
  if (body && typeof body === 'object' && typeof body.error_description === 'string') {
    const description = body.error_description.split(/\s+Trace ID:/)[0] ?? '';
    return clip(`${description}${typeof body.error === 'string' ? ` (${body.error})` : ''}`);
  }
  return `HTTP ${answer.status}`;
}

async function requestEntraToken(deps: ProviderDeps, connection: PowerBiConnection): Promise<EntraToken> {
  const url = `${baseUrl(deps.config.POWERBI_AUTHORITY_URL)}/${encodeURIComponent(connection.tenantId)}/oauth2/v2.0/token`;
  const answer = await providerRequest(deps, ENTRA, url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: connection.clientId,
      client_secret: connection.clientSecret,
      scope: POWERBI_SCOPE,
    }).toString(),
  });
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

/**
 * The service principal's Entra token, cached per connection and version until shortly before it expires; parallel
 * callers share one request. A failed request is not cached.
 */
function entraToken(deps: ProviderDeps, connection: PowerBiConnection): Promise<EntraToken> {
  const key = `${deps.config.POWERBI_AUTHORITY_URL}|${connection.id}`;
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

/** Power BI's error code and message (`{ error: { code, message } }`), if it gave one. */
function powerBiWords(answer: ProviderAnswer): string {
  const error = (answer.body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  const code = typeof error?.code === 'string' ? error.code : '';
  const message = typeof error?.message === 'string' ? error.message : '';
  return clip([`HTTP ${answer.status}`, code, message].filter(Boolean).join(': '));
}

function powerBiFault(answer: ProviderAnswer, what: string, connection: PowerBiConnection): ProviderError {
  const kind = kindOfStatus(answer.status);
  const hint =
    kind === 'unauthorized' && (answer.status === 401 || answer.status === 403)
      ? ' (is the service principal allowed to use Power BI APIs in the tenant settings, and a member of the workspace?)'
      : '';
  return providerError(kind, `${LABEL} ${what}: ${powerBiWords(answer)}${hint}`, secretsOf(connection));
}

const authorization = (token: EntraToken) => ({ authorization: `Bearer ${token.accessToken}` });
const api = (deps: ProviderDeps) => `${baseUrl(deps.config.POWERBI_API_URL)}/v1.0/myorg`;

async function fetchReport(
  deps: ProviderDeps,
  connection: PowerBiConnection,
  target: PowerBiTarget,
  token: EntraToken,
): Promise<PowerBiReport> {
  const url = `${api(deps)}/groups/${encodeURIComponent(target.workspaceId)}/reports/${encodeURIComponent(target.reportId)}`;
  const answer = await providerRequest(deps, LABEL, url, { headers: authorization(token) });
  if (answer.status === 404)
    throw providerError(
      'not-found',
      `${LABEL} has no report ${target.reportId} in workspace ${target.workspaceId} that the service principal can see (${powerBiWords(answer)})`,
      secretsOf(connection),
    );
  if (!answer.ok) throw powerBiFault(answer, 'refused to read the report', connection);
  const body = answer.body as { embedUrl?: unknown; datasetId?: unknown } | null;
  if (!body || typeof body.embedUrl !== 'string' || typeof body.datasetId !== 'string')
    throw new ProviderError('unavailable', `${LABEL} answered the report without its embedUrl and datasetId`);
  return { embedUrl: body.embedUrl, datasetId: body.datasetId };
}

/** The report, from a cache of one minute (per API, connection version, workspace and report). */
async function cachedReport(
  deps: ProviderDeps,
  connection: PowerBiConnection,
  target: PowerBiTarget,
  token: EntraToken,
): Promise<PowerBiReport> {
  const key = [
    deps.config.POWERBI_API_URL,
    connection.id,
    connection.updatedAt.getTime(),
    target.workspaceId.toLowerCase(),
    target.reportId.toLowerCase(),
  ].join('|');
  const now = deps.clock.now().getTime();
  const cached = reports.get(key);
  if (cached && cached.until > now) return cached.report;
  const report = await fetchReport(deps, connection, target, token);
  bounded(reports, key, { report, until: now + REPORT_CACHE_MS });
  return report;
}

/** The username the identity carries: the scope's own, else the person's e-mail. */
const usernameOf = (identity: PowerBiIdentity) => identity.scope.username || identity.email;

/** The GenerateToken (V2) body: the report, its dataset, the workspace, and the identity only when there are roles. */
function generateTokenBody(
  deps: ProviderDeps,
  target: PowerBiTarget,
  report: PowerBiReport,
  identity: PowerBiIdentity,
) {
  const { roles, customData } = identity.scope;
  return {
    datasets: [{ id: report.datasetId }],
    reports: [{ id: target.reportId }],
    targetWorkspaces: [{ id: target.workspaceId }],
    ...(roles.length > 0
      ? {
          identities: [
            {
              username: usernameOf(identity),
              roles,
              datasets: [report.datasetId],
              ...(customData ? { customData } : {}),
            },
          ],
        }
      : {}),
    lifetimeInMinutes: deps.config.EMBED_TOKEN_MINUTES,
  };
}

export async function mintPowerBi(
  deps: ProviderDeps,
  connection: PowerBiConnection,
  target: PowerBiTarget,
  identity: PowerBiIdentity,
): Promise<MintedToken> {
  const token = await entraToken(deps, connection);
  const report = await cachedReport(deps, connection, target, token);
  const answer = await providerRequest(deps, LABEL, `${api(deps)}/GenerateToken`, {
    method: 'POST',
    headers: { ...authorization(token), 'content-type': 'application/json' },
    body: JSON.stringify(generateTokenBody(deps, target, report, identity)),
  });
  if (!answer.ok) throw powerBiFault(answer, 'refused to generate an embed token', connection);
  const body = answer.body as { token?: unknown; expiration?: unknown } | null;
  const expiresAt = new Date(typeof body?.expiration === 'string' ? body.expiration : Number.NaN);
  if (!body || typeof body.token !== 'string' || !body.token || Number.isNaN(expiresAt.getTime()))
    throw new ProviderError('unavailable', `${LABEL} answered GenerateToken without a token and its expiration`);
  return {
    mode: 'powerbi',
    reportId: target.reportId,
    embedUrl: report.embedUrl,
    accessToken: body.token,
    tokenType: 'Embed',
    expiresAt,
  };
}

export async function testPowerBi(deps: ProviderDeps, connection: PowerBiConnection): Promise<ConnectionTest> {
  try {
    const token = await entraToken(deps, connection);
    const answer = await providerRequest(deps, LABEL, `${api(deps)}/groups?$top=100`, {
      headers: authorization(token),
    });
    if (!answer.ok) throw powerBiFault(answer, 'refused to list the workspaces', connection);
    const value = (answer.body as { value?: unknown } | null)?.value;
    if (!Array.isArray(value))
      throw new ProviderError('unavailable', `${LABEL} answered the workspace list in an unexpected form`);
    const count = value.length === 100 ? 'at least 100' : String(value.length);
    const hint = value.length === 0 ? ' (add it to the workspaces of the reports to embed)' : '';
    return { ok: true, message: `Connected to Power BI: the service principal sees ${count} workspace(s)${hint}` };
  } catch (error) {
    if (error instanceof ProviderError) return { ok: false, message: error.message };
    throw error;
  }
}

export async function checkPowerBiTarget(
  deps: ProviderDeps,
  connection: PowerBiConnection,
  target: PowerBiTarget,
): Promise<string | null> {
  try {
    await fetchReport(deps, connection, target, await entraToken(deps, connection));
    return null;
  } catch (error) {
    if (error instanceof ProviderError) return error.message;
    throw error;
  }
}

/** The effective identity GenerateToken receives; none without roles (the report then shows every row). */
export const describePowerBi = (identity: PowerBiIdentity): Record<string, unknown> =>
  identity.scope.roles.length === 0
    ? { effectiveIdentity: null, roles: [] }
    : {
        username: usernameOf(identity),
        roles: identity.scope.roles,
        ...(identity.scope.customData ? { customData: identity.scope.customData } : {}),
      };
