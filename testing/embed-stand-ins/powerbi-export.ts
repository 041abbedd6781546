import { randomUUID } from 'node:crypto';
import { bearer, notFound, readIdentities, same } from './powerbi';
import { json, type StandInState } from './state';

/**
 * Power BI's Export To File (issue 29), with the shapes of Microsoft's documentation: `POST .../reports/{r}/ExportTo`
 * answers 202 with the Export object (`id`, `status`, `percentComplete`, ...) and a `Retry-After`; `GET
 * .../exports/{id}` answers 202 while NotStarted or Running (with `Retry-After`) and 200 once Succeeded (with
 * `resourceLocation` and `resourceFileExtension`) or Failed; `GET .../exports/{id}/file` answers the file. A report
 * whose dataset has row-level security requires an effective identity with its roles, as GenerateToken does.
 * The file says what it was exported for (the identity), so a test can read whose data an e-mail carries.
 */

interface StandInExport {
  id: string;
  workspaceId: string;
  reportId: string;
  format: string;
  identities: Array<{ username: string; roles: string[]; datasets: string[]; customData?: string }>;
  createdAt: number;
  readyAt: number;
  /** Set by a test (`failExports`): the export ends Failed. */
  fails: boolean;
  fileFetched: boolean;
}

export interface StandInExportState {
  exports: Map<string, StandInExport>;
  /** Exports started and neither failed nor fetched. */
  inFlight: number;
  peakInFlight: number;
  /** How long an export takes (default 0). */
  durationMs: number;
  /** The Retry-After (seconds) ExportTo and a running export's status answer with (default 0). */
  retryAfterSeconds: number;
  /** Exports started from now on end Failed. */
  failing: boolean;
}

export const newExportState = (): StandInExportState => ({
  exports: new Map(),
  inFlight: 0,
  peakInFlight: 0,
  durationMs: 0,
  retryAfterSeconds: 0,
  failing: false,
});

const FORMATS = ['PDF', 'PNG', 'PPTX', 'CSV', 'XLSX', 'DOCX', 'XML', 'MHTML', 'IMAGE', 'ACCESSIBLEPDF'];

function exportObject(state: StandInState, record: StandInExport) {
  const now = Date.now();
  const done = now >= record.readyAt;
  const status = !done
    ? now - record.createdAt < 5
      ? 'NotStarted'
      : 'Running'
    : record.fails
      ? 'Failed'
      : 'Succeeded';
  const span = Math.max(1, record.readyAt - record.createdAt);
  const name = state.reports.find((r) => same(r.reportId, record.reportId))?.name ?? 'Report';
  const extension = record.format === 'PNG' ? '.png' : '.pdf';
  return {
    status,
    body: {
      id: record.id,
      createdDateTime: new Date(record.createdAt).toISOString(),
      lastActionDateTime: new Date(Math.min(now, record.readyAt)).toISOString(),
      reportId: record.reportId,
      reportName: name,
      status,
      percentComplete: done ? 100 : Math.min(99, Math.floor(((now - record.createdAt) / span) * 100)),
      ...(status === 'Succeeded'
        ? {
            resourceLocation: `${state.origin}/powerbi/v1.0/myorg/groups/${record.workspaceId}/reports/${record.reportId}/exports/${record.id}/file`,
            resourceFileExtension: extension,
            expirationTime: new Date(record.createdAt + 24 * 3600_000).toISOString(),
          }
        : {}),
    },
  };
}

/** POST {api}/v1.0/myorg/groups/{w}/reports/{r}/ExportTo */
export function exportTo(
  state: StandInState,
  exports: StandInExportState,
  headers: Headers,
  workspaceId: string,
  reportId: string,
  body: unknown,
): Response {
  const refused = bearer(state, headers);
  if (refused) return refused;
  const found = state.reports.find((r) => same(workspaceId, r.workspaceId) && same(reportId, r.reportId));
  if (!found) return notFound();
  const request = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const format = typeof request.format === 'string' ? request.format.toUpperCase() : '';
  if (!FORMATS.includes(format))
    return json({ error: { code: 'InvalidRequest', message: 'format must be a FileFormat' } }, 400);
  const configuration = (request.powerBIReportConfiguration ?? {}) as Record<string, unknown>;
  const identities = readIdentities(configuration.identities, [found.datasetId.toLowerCase()]);
  if (typeof identities === 'string') return json({ error: { code: 'InvalidRequest', message: identities } }, 400);
  if (found.rlsRoles) {
    const identity = identities[0];
    if (!identity)
      return json(
        {
          error: {
            code: 'InvalidRequest',
            message: 'Exporting a report with row-level security requires an effective identity',
          },
        },
        400,
      );
    const unknown = identity.roles.find((role) => !found.rlsRoles?.includes(role));
    if (unknown !== undefined)
      return json({ error: { code: 'InvalidRequest', message: `The role ${unknown} does not exist` } }, 400);
  }
  const createdAt = Date.now();
  const record: StandInExport = {
    id: Buffer.from(randomUUID()).toString('base64'),
    workspaceId: found.workspaceId,
    reportId: found.reportId,
    format,
    identities,
    createdAt,
    readyAt: createdAt + exports.durationMs,
    fails: exports.failing,
    fileFetched: false,
  };
  exports.exports.set(record.id, record);
  exports.inFlight++;
  exports.peakInFlight = Math.max(exports.peakInFlight, exports.inFlight);
  return json(exportObject(state, record).body, 202, { 'retry-after': String(exports.retryAfterSeconds) });
}

/** The export the request names, once its bearer token is accepted: an answer instead when refused or unknown. */
/** A request about one export: who asks, and which report's export. */
export interface ExportRequest {
  state: StandInState;
  exports: StandInExportState;
  headers: Headers;
  reportId: string;
  exportId: string;
}

function findExport({
  state,
  exports,
  headers,
  reportId,
  exportId,
}: ExportRequest): { record: StandInExport } | { answer: Response } {
  const refused = bearer(state, headers);
  if (refused) return { answer: refused };
  const record = exports.exports.get(exportId);
  if (!record || !same(record.reportId, reportId)) return { answer: notFound() };
  return { record };
}

/** An export ended (its file fetched, or failed): no longer in flight. */
function settle(exports: StandInExportState, record: StandInExport) {
  if (record.fileFetched) return;
  record.fileFetched = true;
  exports.inFlight--;
}

/** GET {api}/v1.0/myorg/groups/{w}/reports/{r}/exports/{id} */
export function exportStatus(request: ExportRequest): Response {
  const { state, exports } = request;
  const found = findExport(request);
  if ('answer' in found) return found.answer;
  const { record } = found;
  const { status, body } = exportObject(state, record);
  if (status === 'Failed') settle(exports, record);
  if (status === 'Succeeded' || status === 'Failed') return json(body, 200);
  return json(body, 202, { 'retry-after': String(exports.retryAfterSeconds) });
}

/** GET {api}/v1.0/myorg/groups/{w}/reports/{r}/exports/{id}/file: the file names what it was exported for. */
export function exportFile(request: ExportRequest): Response {
  const { state, exports } = request;
  const found = findExport(request);
  if ('answer' in found) return found.answer;
  const { record } = found;
  if (exportObject(state, record).status !== 'Succeeded') return notFound();
  settle(exports, record);
  const identity = JSON.stringify({ exportId: record.id, reportId: record.reportId, identities: record.identities });
  if (record.format === 'PNG')
    return new Response(Buffer.concat([PNG_HEADER, Buffer.from(`\n${identity}\n`)]), {
      headers: { 'content-type': 'image/png' },
    });
  return new Response(`%PDF-1.4\n% Power BI stand-in export\n% ${identity}\n%%EOF\n`, {
    headers: { 'content-type': 'application/pdf' },
  });
}

/** A PNG's signature: enough for a mail client to call it an image (the rest is what the export was for). */
const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
