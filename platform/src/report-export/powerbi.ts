import { entraTokenRequest, POWERBI_SCOPE } from '../powerbi/entra-token';
import { type Answer, ExportError, type ExportHttp, refusal, request, retryAfterMs } from './http';

/**
 * Power BI's Export To File (issue 29, decision 054), as Microsoft documents it: the service principal's Entra token
 * (client credentials), `POST {api}/v1.0/myorg/groups/{g}/reports/{r}/ExportTo` with the organization's effective
 * identity in `powerBIReportConfiguration.identities` (202 and the export's id), `GET .../exports/{id}` as often as its
 * `Retry-After` says until `Succeeded` or `Failed`, then `GET .../exports/{id}/file`.
 */

export interface PowerBiExportConnection {
  id: number;
  version: number;
  tenantId: string;
  clientId: string;
  clientSecret: string;
}

export interface PowerBiExportDeps {
  http: ExportHttp;
  authorityUrl: string;
  apiUrl: string;
  /** The longest an export may take, polls included: then 'timeout' (the run is retried later). */
  exportTimeoutMs: number;
  /** The most a single Retry-After is waited in the job (a longer one ends the attempt, retried later). */
  maxRetryAfterMs: number;
  /** How many 429s in a row an attempt waits out before giving up. */
  maxThrottles: number;
  /** The least time between two polls of the export's status, whatever its Retry-After says. */
  minPollMs: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export interface PowerBiExportRequest {
  workspaceId: string;
  reportId: string;
  format: 'PDF' | 'PNG';
  /** The organization's row-level security identity; none when its scope names no roles. */
  identity: { username: string; roles: string[]; customData?: string } | null;
}

export interface ExportedFile {
  bytes: Uint8Array;
  /** '.pdf', '.png' (PNG of a report with several pages comes as '.zip'). */
  extension: string;
  contentType: string;
}

const LABEL = 'Power BI';
const trim = (url: string) => url.replace(/\/+$/, '');
const defaultSleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const tokens = new Map<string, { token: string; renewAt: number; version: number }>();

async function entraToken(deps: PowerBiExportDeps, connection: PowerBiExportConnection): Promise<string> {
  const now = (deps.now ?? Date.now)();
  const key = `${deps.authorityUrl}|${connection.id}`;
  const cached = tokens.get(key);
  if (cached && cached.version === connection.version && cached.renewAt > now) return cached.token;
  const token = entraTokenRequest(deps.authorityUrl, connection, POWERBI_SCOPE);
  const answer = await request(deps.http, 'Entra ID', token.url, token.init);
  const body = answer.json as { access_token?: unknown; expires_in?: unknown } | null;
  if (!answer.ok || typeof body?.access_token !== 'string')
    throw new ExportError(
      answer.status === 429 || answer.status >= 500 ? 'unavailable' : 'unauthorized',
      `Entra ID refused the service principal's credentials: HTTP ${answer.status}`,
    );
  const lifetime = Math.max(0, Number(body.expires_in) || 0) * 1000;
  tokens.set(key, {
    token: body.access_token,
    renewAt: now + lifetime - Math.min(5 * 60_000, lifetime / 2),
    version: connection.version,
  });
  if (tokens.size > 500) tokens.delete(tokens.keys().next().value as string);
  return body.access_token;
}

/** One call, waiting out 429s as their Retry-After says (up to maxThrottles and maxRetryAfterMs), then its answer. */
async function call(
  deps: PowerBiExportDeps,
  token: string,
  url: string,
  init: RequestInit,
  what: string,
  deadline: number,
): Promise<Answer> {
  const sleep = deps.sleep ?? defaultSleep;
  const now = deps.now ?? Date.now;
  for (let throttles = 0; ; throttles++) {
    const answer = await request(deps.http, LABEL, url, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string> | undefined) },
    });
    if (answer.status !== 429) return answer;
    const wait = retryAfterMs(answer.headers) ?? 30_000;
    if (throttles >= deps.maxThrottles || wait > deps.maxRetryAfterMs || now() + wait > deadline)
      throw refusal(answer, what);
    await sleep(wait);
  }
}

const STATUSES = ['Undefined', 'NotStarted', 'Running', 'Succeeded', 'Failed'] as const;

export async function exportPowerBiReport(
  deps: PowerBiExportDeps,
  connection: PowerBiExportConnection,
  exportRequest: PowerBiExportRequest,
): Promise<ExportedFile> {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? defaultSleep;
  const deadline = now() + deps.exportTimeoutMs;
  const token = await entraToken(deps, connection);
  const report = `${trim(deps.apiUrl)}/v1.0/myorg/groups/${encodeURIComponent(exportRequest.workspaceId)}/reports/${encodeURIComponent(exportRequest.reportId)}`;
  // The identity's datasets: the report's own (GET the report).
  let identities: unknown[] | undefined;
  if (exportRequest.identity) {
    const read = await call(deps, token, report, {}, `${LABEL} refused to read the report`, deadline);
    const datasetId = (read.json as { datasetId?: unknown } | null)?.datasetId;
    if (!read.ok) throw refusal(read, `${LABEL} refused to read the report`);
    if (typeof datasetId !== 'string')
      throw new ExportError('unavailable', `${LABEL} answered the report without its datasetId`);
    const { username, roles, customData } = exportRequest.identity;
    identities = [{ username, roles, datasets: [datasetId], ...(customData ? { customData } : {}) }];
  }
  const started = await call(
    deps,
    token,
    `${report}/ExportTo`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        format: exportRequest.format,
        ...(identities ? { powerBIReportConfiguration: { identities } } : {}),
      }),
    },
    `${LABEL} refused to start the export`,
    deadline,
  );
  if (started.status !== 202 && !started.ok) throw refusal(started, `${LABEL} refused to start the export`);
  const exportId = (started.json as { id?: unknown } | null)?.id;
  if (typeof exportId !== 'string' || !exportId)
    throw new ExportError('unavailable', `${LABEL} answered ExportTo without the export's id`);
  const statusUrl = `${report}/exports/${encodeURIComponent(exportId)}`;
  const pollWait = (answer: Answer) => Math.max(deps.minPollMs, retryAfterMs(answer.headers) ?? 5000);
  let wait = pollWait(started);
  for (;;) {
    if (now() + wait > deadline)
      throw new ExportError(
        'timeout',
        `${LABEL}'s export did not finish within ${Math.round(deps.exportTimeoutMs / 1000)} s: it is tried again later`,
      );
    await sleep(wait);
    const polled = await call(deps, token, statusUrl, {}, `${LABEL} refused the export's status`, deadline);
    if (!polled.ok) throw refusal(polled, `${LABEL} refused the export's status`);
    const body = polled.json as { status?: unknown; resourceFileExtension?: unknown } | null;
    const status = STATUSES.find((s) => s === body?.status);
    if (status === 'Failed') throw new ExportError('failed', `${LABEL} could not export the report (status Failed)`);
    if (status === 'Succeeded') {
      const file = await call(
        deps,
        token,
        `${statusUrl}/file`,
        { headers: { accept: '*/*' } },
        `${LABEL} refused the exported file`,
        deadline,
      );
      if (!file.ok) throw refusal(file, `${LABEL} refused the exported file`);
      const extension =
        typeof body?.resourceFileExtension === 'string' && /^\.[a-z0-9]{1,8}$/i.test(body.resourceFileExtension)
          ? body.resourceFileExtension.toLowerCase()
          : exportRequest.format === 'PDF'
            ? '.pdf'
            : '.png';
      return {
        bytes: file.bytes,
        extension,
        contentType: file.headers.get('content-type')?.split(';')[0] || 'application/octet-stream',
      };
    }
    wait = pollWait(polled);
  }
}
