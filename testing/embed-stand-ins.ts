import { readFileSync } from 'node:fs';
import { capacityPath, getCapacity, transition } from './embed-stand-ins/azure';
import { metabaseEmbed, metabaseEmbedPage, metabaseHealth } from './embed-stand-ins/metabase';
import { entraToken, generateToken, groups, report, reports } from './embed-stand-ins/powerbi';
import {
  exportFile,
  exportStatus,
  exportTo,
  newExportState,
  type StandInExportState,
} from './embed-stand-ins/powerbi-export';
import {
  type EmbedStandInCredentials,
  json,
  type StandInCapacity,
  type StandInEndpoint,
  type StandInFailure,
  type StandInMetabaseDashboard,
  type StandInReport,
  type StandInRequest,
  type StandInSettings,
  type StandInState,
} from './embed-stand-ins/state';
import {
  corsHeaders,
  tableauEmbedSignin,
  tableauEmbedTarget,
  tableauQueryViews,
  tableauSignin,
  tableauSignout,
  tableauView,
  tableauViewFile,
} from './embed-stand-ins/tableau';

export type { StandInEndpoint } from './embed-stand-ins/state';
export { readStandInEmbedToken } from './embed-stand-ins/state';

/**
 * Local stand-ins of the embed providers (issue 14, decision 030) on ONE loopback HTTP server, each under its own
 * path prefix, following the providers' documented requests and responses:
 * - Entra ID client credentials: `POST {powerbi.authorityUrl}/{tenantId}/oauth2/v2.0/token` (= `/entra/...`);
 * - Power BI REST (`{powerbi.apiUrl}` = `/powerbi`): `GET /v1.0/myorg/groups`, `GET /v1.0/myorg/groups/{w}/reports/{r}`,
 *   `POST /v1.0/myorg/GenerateToken` (V2) whose token encodes what it was generated for (`readStandInEmbedToken`),
 *   and Export To File (`.../reports/{r}/ExportTo`, `.../exports/{id}`, `.../exports/{id}/file`: `exports`);
 * - the report's embed page (`embedPageUrl`, default `/reportEmbed`): HTML set with `setEmbedPage` or the option
 *   `embedPageFile`;
 * - Tableau (`tableauSiteUrl` = `/tableau`): `POST /api/{version}/auth/signin` (connected-app JWT verified with jose)
 *   and `/auth/signout`; for a browser, what `<tableau-viz token>` does: `POST /vizportal/api/web/v1/auth/embed/signin`
 *   (at the origin's root, CORS with credentials; sets a session cookie) and the view `credentials.tableau.viewUrl`
 *   (`/tableau/t/{site}/views/...`: shows the session token's `sub` and attributes as JSON in `#tableau-claims`); with
 *   `<tableau-viz iframe-auth>`, the frame's `GET /vizportal/api/web/v1/auth/embed/target?token&target` instead;
 * - Metabase (`metabaseSiteUrl` = `/metabase`): `GET /api/health`, `GET /api/embed/dashboard/{token}` (HS256 verified)
 *   and the page `GET /embed/dashboard/{token}` (shows the token's params in `#metabase-params`).
 * Every request is recorded (`requests`); `fail()` makes an endpoint answer an error, wait or drop the connection.
 */
export interface EmbedStandIns {
  /** The server's origin, e.g. `http://127.0.0.1:PORT`. */
  url: string;
  /** For POWERBI_AUTHORITY_URL and POWERBI_API_URL. */
  powerbi: { authorityUrl: string; apiUrl: string };
  /** For AZURE_MANAGEMENT_URL (Azure Resource Manager's capacity calls). */
  azureManagementUrl: string;
  /** An Azure capacity (default: Power BI Embedded, Paused, transitions of 300 ms); the object changes as Azure's would. */
  addCapacity(capacity: Partial<StandInCapacity> & { name: string }): StandInCapacity;
  /** Another Power BI workspace (`denied`: listed, its reports answer 403). */
  addWorkspace(workspace: { id: string; name: string; denied?: boolean }): void;
  /** Deletes a report (as someone deleting it in Power BI). */
  removeReport(reportId: string): void;
  /** A Tableau connection's site URL (its view: `credentials.tableau.viewUrl`). */
  tableauSiteUrl: string;
  /** A Metabase connection's site URL. */
  metabaseSiteUrl: string;
  /** What the stand-ins accept, and the report, view and dashboard they know. */
  credentials: EmbedStandInCredentials;
  /** The reports' embedUrl base. */
  embedPageUrl: string;
  /** Every request received since the start or the last `reset()`, oldest first. */
  requests: StandInRequest[];
  /** The requests to one endpoint. */
  requestsTo(endpoint: StandInEndpoint): StandInRequest[];
  /** Every token GenerateToken issued (with what it was issued for). */
  embedTokens: StandInState['embedTokens'];
  /**
   * Power BI's Export To File (issue 29): every export with the identities it was asked for, the exports in flight
   * (started, neither failed nor fetched) and their peak; set `durationMs`, `retryAfterSeconds` and `failing` here.
   */
  exports: StandInExportState;
  /** The claims of every Tableau REST sign-in (the connected-app token's `sub` and attributes). */
  tableauSignins: StandInState['tableauSignins'];
  /** Makes an endpoint misbehave (see StandInFailure) until `reset()` or for `times` requests; null stops it. */
  fail(endpoint: StandInEndpoint, failure: StandInFailure | null): void;
  /** Changes token lifetimes or the latency of every answer. */
  configure(settings: Partial<StandInSettings>): void;
  /** Another Power BI report (in a workspace of its own unless one is named). */
  addReport(report: Partial<StandInReport> & { reportId: string }): StandInReport;
  /** Another Metabase dashboard. */
  addMetabaseDashboard(dashboard: StandInMetabaseDashboard): void;
  /** The HTML of the Power BI embed page (H6's SDK-speaking page plugs in here). */
  setEmbedPage(html: string): void;
  /** Forgets recorded requests, failures and issued tokens' records; settings back to the options. */
  reset(): void;
  stop(): Promise<void>;
}

export interface EmbedStandInOptions {
  credentials?: {
    powerbi?: Partial<EmbedStandInCredentials['powerbi']>;
    tableau?: Partial<Omit<EmbedStandInCredentials['tableau'], 'viewUrl'>>;
    metabase?: Partial<EmbedStandInCredentials['metabase']>;
  };
  /** Row-level security roles of the default report's dataset (GenerateToken then requires an identity with them). */
  rlsRoles?: string[] | null;
  settings?: Partial<StandInSettings>;
  /** The reports' embedUrl base (default `${url}/reportEmbed`, served here). */
  embedPageUrl?: string;
  /** A file served as the embed page, read at each request. */
  embedPageFile?: string;
}

const DEFAULT_EMBED_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Power BI stand-in</title></head>
<body><p id="powerbi-stand-in">Power BI embed page stand-in</p></body></html>`;

const parseBody = async (request: Request): Promise<unknown> => {
  const text = await request.text();
  if (!text) return null;
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** The stand-ins' routes: method, path pattern (its groups are the parameters), endpoint. */
const ROUTES: Array<[string, RegExp, StandInEndpoint]> = [
  ['POST', /^\/entra\/([^/]+)\/oauth2\/v2\.0\/token$/, 'entra-token'],
  ['GET', /^\/powerbi\/v1\.0\/myorg\/groups$/i, 'powerbi-groups'],
  ['GET', /^\/powerbi\/v1\.0\/myorg\/groups\/([^/]+)\/reports\/([^/]+)$/i, 'powerbi-report'],
  ['GET', /^\/powerbi\/v1\.0\/myorg\/groups\/([^/]+)\/reports$/i, 'powerbi-reports'],
  [
    'GET',
    /^\/azure(\/subscriptions\/[^/]+\/resourceGroups\/[^/]+\/providers\/[^/]+\/capacities\/[^/]+)$/i,
    'arm-capacity',
  ],
  [
    'POST',
    /^\/azure(\/subscriptions\/[^/]+\/resourceGroups\/[^/]+\/providers\/[^/]+\/capacities\/[^/]+)\/suspend$/i,
    'arm-suspend',
  ],
  [
    'POST',
    /^\/azure(\/subscriptions\/[^/]+\/resourceGroups\/[^/]+\/providers\/[^/]+\/capacities\/[^/]+)\/resume$/i,
    'arm-resume',
  ],
  ['POST', /^\/powerbi\/v1\.0\/myorg\/generatetoken$/i, 'powerbi-generate-token'],
  ['POST', /^\/powerbi\/v1\.0\/myorg\/groups\/([^/]+)\/reports\/([^/]+)\/ExportTo$/i, 'powerbi-export-to'],
  ['GET', /^\/powerbi\/v1\.0\/myorg\/groups\/[^/]+\/reports\/([^/]+)\/exports\/([^/]+)$/i, 'powerbi-export-status'],
  ['GET', /^\/powerbi\/v1\.0\/myorg\/groups\/[^/]+\/reports\/([^/]+)\/exports\/([^/]+)\/file$/i, 'powerbi-export-file'],
  ['POST', /^\/tableau\/api\/[\d.]+\/auth\/signin$/, 'tableau-signin'],
  ['POST', /^\/tableau\/api\/[\d.]+\/auth\/signout$/, 'tableau-signout'],
  ['POST', /^\/vizportal\/api\/web\/v1\/auth\/embed\/signin$/, 'tableau-embed-signin'],
  ['GET', /^\/vizportal\/api\/web\/v1\/auth\/embed\/target$/, 'tableau-embed-target'],
  ['GET', /^\/tableau(\/(?:t\/[^/]+\/)?views\/.+)$/, 'tableau-view'],
  ['GET', /^\/tableau\/api\/[\d.]+\/sites\/[^/]+\/views$/, 'tableau-query-views'],
  ['GET', /^\/tableau\/api\/[\d.]+\/sites\/[^/]+\/views\/([^/]+)\/(pdf|image)$/, 'tableau-view-file'],
  ['GET', /^\/metabase\/api\/health$/, 'metabase-health'],
  ['GET', /^\/metabase\/api\/embed\/dashboard\/([^/]+)$/, 'metabase-embed'],
  ['GET', /^\/metabase\/embed\/dashboard\/([^/]+)$/, 'metabase-embed-page'],
];

/** The endpoint a path names (null: not one of the stand-ins'). */
function route(
  method: string,
  path: string,
  embedPagePath: string,
): { endpoint: StandInEndpoint; params: string[] } | null {
  if (method === 'GET' && path === embedPagePath) return { endpoint: 'powerbi-embed-page', params: [] };
  for (const [routeMethod, pattern, endpoint] of ROUTES) {
    const match = method === routeMethod ? pattern.exec(path) : null;
    if (match) return { endpoint, params: match.slice(1) };
  }
  return null;
}

/** The usual error body of each provider for a failure without its own body. */
const failureBody = (endpoint: StandInEndpoint, status: number): unknown => {
  if (endpoint === 'entra-token')
    return { error: 'temporarily_unavailable', error_description: `AADSTS50000: Stand-in failure (HTTP ${status}).` };
  if (endpoint.startsWith('tableau'))
    return { error: { summary: 'Stand-in failure', detail: `HTTP ${status}`, code: `${status}000` } };
  if (endpoint.startsWith('metabase')) return `Stand-in failure (HTTP ${status})`;
  if (endpoint.startsWith('arm-'))
    return { error: { code: status === 429 ? 'TooManyRequests' : 'StandInFailure', message: `HTTP ${status}` } };
  return { error: { code: status === 404 ? 'PowerBIEntityNotFound' : 'StandInFailure', message: `HTTP ${status}` } };
};

/** A response whose body fails at once: the server drops the connection, the client sees a reset. */
const dropped = () =>
  new Response(
    new ReadableStream({
      start(controller) {
        // No reason given: Bun resets the connection without logging an error.
        controller.error();
      },
    }),
  );

/** Starts the stand-ins on 127.0.0.1 and a free port. */
export async function startEmbedStandIns(options: EmbedStandInOptions = {}): Promise<EmbedStandIns> {
  const failures = new Map<StandInEndpoint, StandInFailure & { remaining: number }>();
  const requests: StandInRequest[] = [];
  const initialSettings: StandInSettings = {
    tokenLifetimeSeconds: null,
    entraTokenLifetimeSeconds: 3599,
    latencyMs: 0,
    ...options.settings,
  };
  const state: StandInState = {
    origin: '',
    credentials: {
      powerbi: {
        tenantId: '72f988bf-86f1-41af-91ab-2d7cd011db47',
        tenantDomain: 'lucidstandin.onmicrosoft.com',
        clientId: '3b9e6a5c-1d2f-4e8a-9c7b-5f4e3d2c1b0a',
        clientSecret: 'pbi~StandIn.Secret_0123456789abcdefghij',
        workspaceId: 'f089354e-8366-4e18-aea3-4cb4a3a50b48',
        reportId: '5b218778-e7a5-4d73-8187-f10824047715',
        datasetId: 'cfafbeb1-8037-4d0c-896e-a46fb27ff229',
        ...options.credentials?.powerbi,
      },
      tableau: {
        siteName: 'analytics',
        clientId: 'e2c7a5b1-tableau-connected-app',
        secretId: '8d6f4b2a-tableau-secret-id',
        secretValue: 'tableau-StandIn-secret-value-0123456789abcdef',
        viewUrl: '',
        ...options.credentials?.tableau,
      },
      metabase: {
        secretKey: 'metabase0standin0embedding0secret0key0123456789abcdef0123456789ab',
        dashboardId: 1,
        ...options.credentials?.metabase,
      },
    },
    settings: { ...initialSettings },
    embedPageUrl: '',
    embedPage: options.embedPageFile ? { file: options.embedPageFile } : { html: DEFAULT_EMBED_PAGE },
    reports: [],
    workspaces: [],
    capacities: new Map(),
    metabaseDashboards: [],
    entraTokens: new Map(),
    embedTokens: [],
    tableauJtis: new Set(),
    tableauSessions: new Map(),
    tableauSignins: [],
    counter: 0,
  };
  let embedPagePath = '/reportEmbed';
  const exportState = newExportState();

  const answer = async (request: Request, url: URL): Promise<Response> => {
    // The browser's preflight before the Embedding API's cross-origin sign-in: answered, not recorded.
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders(request) });
    const found = route(request.method, url.pathname, embedPagePath);
    const body = await parseBody(request);
    if (!found)
      return json({ error: { code: 'NotFound', message: `No stand-in at ${request.method} ${url.pathname}` } }, 404);
    const { endpoint, params } = found;
    requests.push({
      endpoint,
      method: request.method,
      path: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      body,
      at: Date.now(),
    });
    if (state.settings.latencyMs > 0) await Bun.sleep(state.settings.latencyMs);
    const failure = failures.get(endpoint);
    if (failure) {
      if (--failure.remaining <= 0) failures.delete(endpoint);
      if (failure.delayMs) await Bun.sleep(failure.delayMs);
      if (failure.close) return dropped();
      if (failure.status) {
        const payload = failure.body ?? failureBody(endpoint, failure.status);
        return typeof payload === 'string'
          ? new Response(payload, {
              status: failure.status,
              headers: { 'content-type': 'text/plain', ...failure.headers },
            })
          : json(payload, failure.status, failure.headers);
      }
    }
    const [first = '', second = ''] = params.map(decodeURIComponent);
    switch (endpoint) {
      case 'entra-token':
        return entraToken(state, first, body);
      case 'powerbi-groups':
        return groups(state, request.headers, url);
      case 'powerbi-report':
        return report(state, request.headers, first, second);
      case 'powerbi-reports':
        return reports(state, request.headers, first);
      case 'arm-capacity':
        return getCapacity(state, request.headers, url, first);
      case 'arm-suspend':
        return transition(state, request.headers, url, first, 'suspend');
      case 'arm-resume':
        return transition(state, request.headers, url, first, 'resume');
      case 'powerbi-generate-token':
        return generateToken(state, request.headers, body);
      case 'powerbi-export-to':
        return exportTo(state, exportState, request.headers, first, second, body);
      case 'powerbi-export-status':
        return exportStatus({
          state,
          exports: exportState,
          headers: request.headers,
          reportId: first,
          exportId: second,
        });
      case 'powerbi-export-file':
        return exportFile({ state, exports: exportState, headers: request.headers, reportId: first, exportId: second });
      case 'powerbi-embed-page': {
        const html = 'file' in state.embedPage ? readFileSync(state.embedPage.file, 'utf8') : state.embedPage.html;
        return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
      }
      case 'tableau-signin':
        return tableauSignin(state, body);
      case 'tableau-signout':
        return tableauSignout(state, request.headers);
      case 'tableau-embed-signin':
        return tableauEmbedSignin(state, request, body);
      case 'tableau-embed-target':
        return tableauEmbedTarget(state, url);
      case 'tableau-query-views':
        return tableauQueryViews(state, request.headers, url);
      case 'tableau-view-file':
        return tableauViewFile(state, request.headers, first, second);
      case 'tableau-view':
        return tableauView(state, request, first);
      case 'metabase-health':
        return metabaseHealth();
      case 'metabase-embed':
        return metabaseEmbed(state, first);
      case 'metabase-embed-page':
        return metabaseEmbedPage(state, first);
    }
  };

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    idleTimeout: 0,
    fetch: (request) => answer(request, new URL(request.url)),
  });
  const origin = `http://127.0.0.1:${server.port}`;
  state.origin = origin;
  state.embedPageUrl = options.embedPageUrl ?? `${origin}/reportEmbed`;
  embedPagePath = new URL(state.embedPageUrl).pathname;
  const { powerbi, tableau, metabase } = state.credentials;
  tableau.viewUrl = `${origin}/tableau/t/${tableau.siteName}/views/Sales/Overview`;
  state.workspaces.push({ id: powerbi.workspaceId, name: 'Client reports' });
  state.reports.push({
    workspaceId: powerbi.workspaceId,
    reportId: powerbi.reportId,
    datasetId: powerbi.datasetId,
    name: 'Sales overview',
    rlsRoles: options.rlsRoles ?? null,
  });
  state.metabaseDashboards.push({ id: metabase.dashboardId, name: 'Operations' });

  return {
    url: origin,
    powerbi: { authorityUrl: `${origin}/entra`, apiUrl: `${origin}/powerbi` },
    azureManagementUrl: `${origin}/azure`,
    addCapacity(input) {
      const capacity: StandInCapacity = {
        subscriptionId: '613192d7-503f-477a-9cfe-4efc3ee2bd60',
        resourceGroup: 'analytics-rg',
        kind: 'Microsoft.PowerBIDedicated',
        state: 'Paused',
        transitionMs: 300,
        suspends: 0,
        resumes: 0,
        ...input,
      };
      state.capacities.set(capacityPath(capacity), capacity);
      return capacity;
    },
    addWorkspace(workspace) {
      state.workspaces.push(workspace);
    },
    removeReport(reportId) {
      const index = state.reports.findIndex((r) => r.reportId.toLowerCase() === reportId.toLowerCase());
      if (index >= 0) state.reports.splice(index, 1);
    },
    tableauSiteUrl: `${origin}/tableau`,
    metabaseSiteUrl: `${origin}/metabase`,
    credentials: state.credentials,
    embedPageUrl: state.embedPageUrl,
    requests,
    requestsTo: (endpoint) => requests.filter((r) => r.endpoint === endpoint),
    embedTokens: state.embedTokens,
    exports: exportState,
    tableauSignins: state.tableauSignins,
    fail(endpoint, failure) {
      if (failure) failures.set(endpoint, { ...failure, remaining: failure.times ?? Number.POSITIVE_INFINITY });
      else failures.delete(endpoint);
    },
    configure(settings) {
      Object.assign(state.settings, settings);
    },
    addReport(input) {
      const added: StandInReport = {
        workspaceId: input.workspaceId ?? crypto.randomUUID(),
        datasetId: input.datasetId ?? crypto.randomUUID(),
        name: input.name ?? `Report ${state.reports.length + 1}`,
        rlsRoles: input.rlsRoles ?? null,
        reportId: input.reportId,
      };
      state.reports.push(added);
      if (!state.workspaces.some((w) => w.id === added.workspaceId))
        state.workspaces.push({ id: added.workspaceId, name: `Workspace ${state.workspaces.length + 1}` });
      return added;
    },
    addMetabaseDashboard(dashboard) {
      state.metabaseDashboards.push(dashboard);
    },
    setEmbedPage(html) {
      state.embedPage = { html };
    },
    reset() {
      requests.length = 0;
      state.embedTokens.length = 0;
      state.tableauSignins.length = 0;
      failures.clear();
      state.settings = { ...initialSettings };
      Object.assign(exportState, newExportState());
    },
    async stop() {
      await server.stop(true);
    },
  };
}

/** The API's provider settings pointed at these stand-ins (short timeouts for tests), with a test's overrides. */
export const standInProviderConfig = <O extends object>(standIns: EmbedStandIns, overrides?: O) => ({
  POWERBI_AUTHORITY_URL: standIns.powerbi.authorityUrl,
  POWERBI_API_URL: standIns.powerbi.apiUrl,
  EMBED_TOKEN_MINUTES: 10,
  EMBED_PROVIDER_TIMEOUT_MS: 2000,
  // No Looker Studio here (it has a stand-in of its own): a closed port, never Google.
  GOOGLE_TOKEN_URL: 'http://127.0.0.1:9/token',
  LOOKER_STUDIO_API_URL: 'http://127.0.0.1:9',
  // The stand-ins are on loopback, over http: named as the operator names internal services (D35).
  OUTBOUND_ALLOW_HOSTS: [new URL(standIns.url).host] as readonly string[],
  ...overrides,
});
