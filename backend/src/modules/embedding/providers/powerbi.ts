import type { ConnectionTest } from '@app/contracts';
import { bounded, type EntraToken, entraToken, forgetEntraToken, type PowerBiConnection } from './entra';
import * as http from './http';
import {
  connectionTest,
  type EmbedIdentity,
  type EmbedTarget,
  type MintedToken,
  type ProviderDeps,
  ProviderError,
  targetCheck,
} from './types';

/**
 * Power BI Embedded, "embed for your customers" (app owns data): an Entra ID token for the connection's service
 * principal (client credentials), the report's embedUrl and datasetId, then GenerateToken (V2) with the organization's
 * row-level security identity. Microsoft's documented requests, with `fetch`.
 */

type PowerBiTarget = Extract<EmbedTarget, { provider: 'powerbi' }>;
type PowerBiIdentity = Extract<EmbedIdentity, { provider: 'powerbi' }>;

const LABEL = 'Power BI';
/** A report's embedUrl and dataset hardly ever change: asked again after a minute. */
const REPORT_CACHE_MS = 60_000;

const reports = new Map<string, { report: PowerBiReport; until: number }>();

interface PowerBiReport {
  embedUrl: string;
  datasetId: string;
}

const secretsOf = (connection: PowerBiConnection) => [connection.clientSecret];

/** Power BI's status and error code (`HTTP 404 (PowerBIEntityNotFound)`): never its message. */
function powerBiWords(answer: http.ProviderAnswer): string {
  const error = (answer.body as { error?: { code?: unknown } } | null)?.error;
  return http.statusWords(answer.status, [http.errorCode(error?.code)]);
}

function powerBiFault(answer: http.ProviderAnswer, what: string, connection: PowerBiConnection): ProviderError {
  const kind = http.kindOfStatus(answer.status);
  // Power BI's words are matched, never shown (decision 040): our own hint says what they mean.
  const hint =
    kind === 'unauthorized' && (answer.status === 401 || answer.status === 403)
      ? ' (is the service principal allowed to use Power BI APIs in the tenant settings, and a member of the workspace?)'
      : answer.status === 400 && /effective identity/i.test(answer.text)
        ? " (the dataset uses row-level security: the link's data scope must name its roles)"
        : '';
  return http.providerError(kind, `${LABEL} ${what}: ${powerBiWords(answer)}${hint}`, secretsOf(connection));
}

const authorization = (token: EntraToken) => ({ authorization: `Bearer ${token.accessToken}` });
const api = (deps: ProviderDeps) => `${http.baseUrl(deps.config.POWERBI_API_URL)}/v1.0/myorg`;

async function fetchReport(
  deps: ProviderDeps,
  connection: PowerBiConnection,
  target: PowerBiTarget,
  token: EntraToken,
): Promise<PowerBiReport> {
  const url = `${api(deps)}/groups/${encodeURIComponent(target.workspaceId)}/reports/${encodeURIComponent(target.reportId)}`;
  const answer = await http.providerRequest(deps, LABEL, url, { headers: authorization(token) });
  if (answer.status === 404)
    throw http.providerError(
      'not-found',
      `${LABEL} has no report ${target.reportId} in workspace ${target.workspaceId} that the service principal can see (${powerBiWords(answer)})`,
      secretsOf(connection),
    );
  if (!answer.ok) {
    forgetEntraToken(deps, connection, answer);
    throw powerBiFault(answer, 'refused to read the report', connection);
  }
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
  const answer = await http.providerRequest(deps, LABEL, `${api(deps)}/GenerateToken`, {
    method: 'POST',
    headers: { ...authorization(token), 'content-type': 'application/json' },
    body: JSON.stringify(generateTokenBody(deps, target, report, identity)),
  });
  if (!answer.ok) {
    forgetEntraToken(deps, connection, answer);
    throw powerBiFault(answer, 'refused to generate an embed token', connection);
  }
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

export function testPowerBi(deps: ProviderDeps, connection: PowerBiConnection): Promise<ConnectionTest> {
  return connectionTest(ProviderError, async () => {
    const token = await entraToken(deps, connection);
    const answer = await http.providerRequest(deps, LABEL, `${api(deps)}/groups?$top=100`, {
      headers: authorization(token),
    });
    if (!answer.ok) {
      forgetEntraToken(deps, connection, answer);
      throw powerBiFault(answer, 'refused to list the workspaces', connection);
    }
    const value = (answer.body as { value?: unknown } | null)?.value;
    if (!Array.isArray(value))
      throw new ProviderError('unavailable', `${LABEL} answered the workspace list in an unexpected form`);
    const count = value.length === 100 ? 'at least 100' : String(value.length);
    const hint = value.length === 0 ? ' (add it to the workspaces of the reports to embed)' : '';
    return `Connected to Power BI: the service principal sees ${count} workspace(s)${hint}`;
  });
}

export function checkPowerBiTarget(
  deps: ProviderDeps,
  connection: PowerBiConnection,
  target: PowerBiTarget,
): Promise<string | null> {
  return targetCheck(ProviderError, async () =>
    fetchReport(deps, connection, target, await entraToken(deps, connection)),
  );
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
