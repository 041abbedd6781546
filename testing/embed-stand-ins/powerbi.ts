import { randomUUID } from 'node:crypto';
import { MANAGEMENT_SCOPE } from './azure';
import {
  base64url,
  EMBED_TOKEN_PREFIX,
  ENTRA_TOKEN_PREFIX,
  json,
  type StandInEmbedTokenClaims,
  type StandInState,
} from './state';

/**
 * Entra ID's token endpoint (client credentials) and the three Power BI REST calls, with the request and response
 * shapes of Microsoft's documentation: errors as Entra (`{ error, error_description: 'AADSTS...' }`) and Power BI
 * (`{ error: { code } }`) give them.
 */

const POWERBI_SCOPE = 'https://analysis.windows.net/powerbi/api/.default';
export const same = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

const entraError = (status: number, error: string, code: number, description: string) =>
  json(
    {
      error,
      error_description: `AADSTS${code}: ${description} Trace ID: ${randomUUID()} Correlation ID: ${randomUUID()} Timestamp: ${new Date().toISOString()}`,
      error_codes: [code],
      timestamp: new Date().toISOString(),
      trace_id: randomUUID(),
      correlation_id: randomUUID(),
      error_uri: `https://login.microsoftonline.com/error?code=${code}`,
    },
    status,
  );

/** POST {authority}/{tenant}/oauth2/v2.0/token */
export function entraToken(state: StandInState, tenant: string, body: unknown): Response {
  const form = (body && typeof body === 'object' ? body : {}) as Record<string, string | undefined>;
  const { tenantId, tenantDomain, clientId, clientSecret } = state.credentials.powerbi;
  // The tenant's id or one of its verified domains, as Entra takes either in the token URL.
  if (!same(tenant, tenantId) && !same(tenant, tenantDomain))
    return entraError(
      400,
      'invalid_request',
      90002,
      `Tenant '${tenant}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud.`,
    );
  if (form.grant_type !== 'client_credentials')
    return entraError(
      400,
      'unsupported_grant_type',
      70003,
      `The app requested an unsupported grant type '${form.grant_type ?? ''}'.`,
    );
  if (form.scope !== POWERBI_SCOPE && form.scope !== MANAGEMENT_SCOPE)
    return entraError(
      400,
      'invalid_scope',
      1002012,
      `The provided value for scope ${form.scope ?? ''} is not valid. Client credential flows must have a scope value with /.default suffixed to the resource identifier (application ID URI).`,
    );
  if (!same(form.client_id, clientId))
    return entraError(
      400,
      'unauthorized_client',
      700016,
      `Application with identifier '${form.client_id ?? ''}' was not found in the directory '${tenant}'.`,
    );
  if (form.client_secret !== clientSecret)
    return entraError(
      401,
      'invalid_client',
      7000215,
      `Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${clientId}'.`,
    );
  const lifetime = state.settings.entraTokenLifetimeSeconds;
  const n = ++state.counter;
  const exp = Date.now() + lifetime * 1000;
  const accessToken = `${ENTRA_TOKEN_PREFIX}.${base64url({ n, tid: tenantId, appid: clientId, exp })}`;
  state.entraTokens.set(accessToken, { tenantId, clientId, expiresAt: exp, scope: form.scope });
  return json({ token_type: 'Bearer', expires_in: lifetime, ext_expires_in: lifetime, access_token: accessToken });
}

/** The Power BI REST API refuses a missing, unknown or expired bearer token (null when the token is good). */
export function bearer(state: StandInState, headers: Headers): Response | null {
  const token = /^Bearer (.+)$/.exec(headers.get('authorization') ?? '')?.[1] ?? '';
  const issued = state.entraTokens.get(token);
  if (!issued || issued.scope !== POWERBI_SCOPE)
    return json({ error: { code: 'InvalidAuthenticationToken', message: 'Access token is missing or invalid' } }, 401, {
      'www-authenticate': 'Bearer authorization_uri="https://login.microsoftonline.com/common/oauth2/authorize"',
    });
  if (issued.expiresAt <= Date.now())
    return json(
      { error: { code: 'TokenExpired', message: 'Access token has expired, resubmit with a new access token' } },
      403,
    );
  return null;
}

export const notFound = () =>
  json(
    {
      error: {
        code: 'PowerBIEntityNotFound',
        'pbi.error': { code: 'PowerBIEntityNotFound', parameters: {}, details: [], exceptionCulprit: 1 },
      },
    },
    404,
  );

const badRequest = (message: string) => json({ error: { code: 'InvalidRequest', message } }, 400);

/** GET {api}/v1.0/myorg/groups */
export function groups(state: StandInState, headers: Headers, url: URL): Response {
  const refused = bearer(state, headers);
  if (refused) return refused;
  const top = Number(url.searchParams.get('$top') ?? '5000');
  const value = state.workspaces.slice(0, Number.isFinite(top) ? top : 5000).map((w) => ({
    id: w.id,
    isReadOnly: false,
    isOnDedicatedCapacity: true,
    capacityId: '0f084df7-c13d-451b-af5f-ed0c466403b2',
    type: 'Workspace',
    name: w.name,
  }));
  return json({
    '@odata.context': `${state.origin}/powerbi/v1.0/myorg/$metadata#groups`,
    '@odata.count': value.length,
    value,
  });
}

/** GET {api}/v1.0/myorg/groups/{workspaceId}/reports: the workspace's reports (403 when access was taken away). */
export function reports(state: StandInState, headers: Headers, workspaceId: string): Response {
  const refused = bearer(state, headers);
  if (refused) return refused;
  const workspace = state.workspaces.find((w) => same(workspaceId, w.id));
  if (!workspace) return notFound();
  if (workspace.denied)
    return json(
      { error: { code: 'PowerBINotAuthorizedException', 'pbi.error': { code: 'PowerBINotAuthorizedException' } } },
      403,
    );
  const value = state.reports
    .filter((r) => same(workspaceId, r.workspaceId))
    .map((r) => ({
      id: r.reportId,
      reportType: 'PowerBIReport',
      name: r.name,
      webUrl: `${state.origin}/powerbi/groups/${r.workspaceId}/reports/${r.reportId}`,
      embedUrl: embedUrlOf(state, r.workspaceId, r.reportId),
      isFromPbix: true,
      isOwnedByMe: true,
      datasetId: r.datasetId,
      datasetWorkspaceId: r.workspaceId,
      users: [],
      subscriptions: [],
    }));
  return json({
    '@odata.context': `${state.origin}/powerbi/v1.0/myorg/groups/${workspace.id}/$metadata#reports`,
    value,
  });
}

const embedUrlOf = (state: StandInState, workspaceId: string, reportId: string) => {
  const config = Buffer.from(
    JSON.stringify({ clusterUrl: `${state.origin}/powerbi`, embedFeatures: { usageMetricsVNext: true } }),
  ).toString('base64');
  return `${state.embedPageUrl}?reportId=${reportId}&groupId=${workspaceId}&w=2&config=${encodeURIComponent(config)}`;
};

/** GET {api}/v1.0/myorg/groups/{workspaceId}/reports/{reportId} */
export function report(state: StandInState, headers: Headers, workspaceId: string, reportId: string): Response {
  const refused = bearer(state, headers);
  if (refused) return refused;
  const found = state.reports.find((r) => same(workspaceId, r.workspaceId) && same(reportId, r.reportId));
  if (!found) return notFound();
  return json({
    '@odata.context': `${state.origin}/powerbi/v1.0/myorg/groups/${found.workspaceId}/$metadata#reports/$entity`,
    id: found.reportId,
    reportType: 'PowerBIReport',
    name: found.name,
    webUrl: `${state.origin}/powerbi/groups/${found.workspaceId}/reports/${found.reportId}`,
    embedUrl: embedUrlOf(state, found.workspaceId, found.reportId),
    isFromPbix: true,
    isOwnedByMe: true,
    datasetId: found.datasetId,
    datasetWorkspaceId: found.workspaceId,
    users: [],
    subscriptions: [],
  });
}

const idList = (value: unknown, field: string): string[] | string => {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return `${field} must be an array`;
  const ids: string[] = [];
  for (const item of value) {
    const id = (item as { id?: unknown } | null)?.id;
    if (typeof id !== 'string' || !id) return `Every item of ${field} must be { id }`;
    ids.push(id.toLowerCase());
  }
  return ids;
};

type Identity = StandInEmbedTokenClaims['identities'][number];

export function readIdentities(value: unknown, datasets: string[]): Identity[] | string {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return 'identities must be an array';
  const identities: Identity[] = [];
  for (const item of value as Array<Record<string, unknown>>) {
    const { username, roles, datasets: identityDatasets, customData } = item ?? {};
    if (typeof username !== 'string' || !username) return 'An effective identity needs a username';
    if (!Array.isArray(roles) || roles.some((role) => typeof role !== 'string'))
      return 'An effective identity needs roles (an array of role names)';
    if (!Array.isArray(identityDatasets) || identityDatasets.length === 0)
      return 'An effective identity needs the datasets it applies to';
    const lower = identityDatasets.map((d) => String(d).toLowerCase());
    if (lower.some((d) => !datasets.includes(d)))
      return "An effective identity's datasets must be among the request's datasets";
    if (customData !== undefined && typeof customData !== 'string') return 'customData must be text';
    identities.push({
      username,
      roles: roles as string[],
      datasets: lower,
      ...(customData !== undefined ? { customData } : {}),
    });
  }
  return identities;
}

/** POST {api}/v1.0/myorg/GenerateToken (V2): checks the body's shape and the reports' datasets and identities. */
export function generateToken(state: StandInState, headers: Headers, body: unknown): Response {
  const refused = bearer(state, headers);
  if (refused) return refused;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return badRequest('The request body must be JSON');
  const request = body as Record<string, unknown>;
  const reports = idList(request.reports, 'reports');
  if (typeof reports === 'string') return badRequest(reports);
  const datasets = idList(request.datasets, 'datasets');
  if (typeof datasets === 'string') return badRequest(datasets);
  const targetWorkspaces = idList(request.targetWorkspaces, 'targetWorkspaces');
  if (typeof targetWorkspaces === 'string') return badRequest(targetWorkspaces);
  if (reports.length === 0) return badRequest('reports must name at least one report');
  const known = reports.map((id) => state.reports.find((r) => same(id, r.reportId)));
  if (known.some((r) => !r)) return notFound();
  for (const r of known)
    if (r && !datasets.includes(r.datasetId.toLowerCase()))
      return badRequest(`The dataset ${r.datasetId} of report ${r.reportId} must be in datasets`);
  const identities = readIdentities(request.identities, datasets);
  if (typeof identities === 'string') return badRequest(identities);
  for (const r of known) {
    if (!r?.rlsRoles) continue;
    const identity = identities.find((i) => i.datasets.includes(r.datasetId.toLowerCase()));
    if (!identity)
      return badRequest(
        `Creating embed token for accessing dataset ${r.datasetId} requires effective identity to be provided`,
      );
    const unknown = identity.roles.find((role) => !r.rlsRoles?.includes(role));
    if (unknown !== undefined) return badRequest(`The role ${unknown} does not exist in dataset ${r.datasetId}`);
  }
  const minutes = request.lifetimeInMinutes;
  if (minutes !== undefined && (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < 1))
    return badRequest('lifetimeInMinutes must be a whole number of minutes');
  const seconds = state.settings.tokenLifetimeSeconds ?? (typeof minutes === 'number' ? minutes * 60 : 3600);
  const claims: StandInEmbedTokenClaims = {
    n: ++state.counter,
    tokenId: randomUUID(),
    reports,
    datasets,
    targetWorkspaces,
    identities,
    expiration: new Date(Date.now() + seconds * 1000).toISOString(),
  };
  const token = `${EMBED_TOKEN_PREFIX}.${base64url(claims)}`;
  state.embedTokens.push({ ...claims, token });
  return json({
    '@odata.context': `${state.origin}/powerbi/v1.0/myorg/$metadata#Microsoft.PowerBI.ServiceContracts.Api.V1.EmbedToken`,
    token,
    tokenId: claims.tokenId,
    expiration: claims.expiration,
  });
}
