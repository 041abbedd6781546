import { AdminMessages, type DashboardValues, type EmbedMode } from '@app/contracts';
import type { Database, Transaction } from '@app/db';
import type { Logger } from '@app/platform/logger';
import type { SecretBox } from '@app/platform/secret-box';
import type { ApiConfig } from '../../env';
import type { Clock } from '../../lib/clock';
import { unprocessable } from '../../lib/http-error';
import type { EmbedTarget } from '../embedding';
import { targetWarning } from '../embedding';
import { connectionProvider, embedModeOf } from './dashboards.repository';
import { embedUrlWarning, normalizeEmbedUrl, probeEmbedUrl } from './embed-url';

/**
 * A dashboard's embed mode while it is saved (issue 14, decision 030): `url` keeps today's pasted address (D18); a
 * token mode names its connection and the provider's report, view or dashboard, which the server checks with the
 * provider (a warning, never a failed save).
 */

/** What checking a dashboard's embedding with its provider needs. */
export interface EmbedSetupDeps {
  db: Database;
  config: ApiConfig;
  clock: Clock;
  secretBox: SecretBox | null;
  logger: Logger;
}

/** A dashboard row's embed columns. */
export interface EmbedColumns {
  embedMode: EmbedMode;
  embedUrl: string;
  connectionId: number | null;
  embedTarget: Record<string, string | number> | null;
}

/** The row's embed columns for the input's mode (the URL normalized in `url` mode, none in the token modes). */
export function embedColumns(input: DashboardValues): EmbedColumns {
  const connectionId = input.connectionId === null ? null : Number(input.connectionId);
  switch (input.embedMode) {
    case 'powerbi':
      return {
        embedMode: 'powerbi',
        embedUrl: '',
        connectionId,
        embedTarget: { workspaceId: input.workspaceId, reportId: input.reportId },
      };
    case 'tableau':
      return { embedMode: 'tableau', embedUrl: '', connectionId, embedTarget: { viewUrl: input.viewUrl } };
    case 'metabase':
      return {
        embedMode: 'metabase',
        embedUrl: '',
        connectionId,
        embedTarget: { metabaseDashboardId: Number(input.metabaseDashboardId) },
      };
    case 'lookerstudio':
      // The contract made the URL Looker Studio's embed URL of the report (issue 28).
      return {
        embedMode: 'lookerstudio',
        embedUrl: input.embedUrl,
        connectionId,
        embedTarget: { assetName: input.assetName },
      };
    default:
      return {
        embedMode: 'url',
        embedUrl: normalizeEmbedUrl(input.embedUrl ?? ''),
        connectionId: null,
        embedTarget: null,
      };
  }
}

/** The provider's report, view or dashboard a row names; null in `url` mode or when it is incomplete. */
export function embedTargetOf(row: {
  embedMode: string;
  embedTarget: Record<string, string | number> | null;
}): EmbedTarget | null {
  const mode = embedModeOf(row);
  const target = row.embedTarget ?? {};
  const { workspaceId, reportId, viewUrl, metabaseDashboardId, assetName } = target;
  if (mode === 'powerbi' && typeof workspaceId === 'string' && typeof reportId === 'string')
    return { provider: 'powerbi', workspaceId, reportId };
  if (mode === 'tableau' && typeof viewUrl === 'string') return { provider: 'tableau', viewUrl };
  if (mode === 'metabase' && typeof metabaseDashboardId === 'number')
    return { provider: 'metabase', metabaseDashboardId };
  if (mode === 'lookerstudio' && typeof assetName === 'string') return { provider: 'lookerstudio', assetName };
  return null;
}

/** The embed fields as the administration lists them (the audit log compares these). */
export function embedFields(columns: EmbedColumns) {
  const target = embedTargetOf(columns);
  return {
    embedMode: columns.embedMode,
    embedUrl: columns.embedUrl,
    connectionId: columns.connectionId,
    workspaceId: target?.provider === 'powerbi' ? target.workspaceId : null,
    reportId: target?.provider === 'powerbi' ? target.reportId : null,
    viewUrl: target?.provider === 'tableau' ? target.viewUrl : null,
    metabaseDashboardId: target?.provider === 'metabase' ? target.metabaseDashboardId : null,
    assetName: target?.provider === 'lookerstudio' ? target.assetName : null,
  };
}

const connectionIssue = (message: string) => unprocessable(message, [{ path: 'connectionId', message }]);

/**
 * In the dashboard's write transaction: its connection still exists and is of the mode's provider, and stays so
 * until the write commits (the row is read FOR SHARE; a change of the connection's provider waits, then finds the
 * dashboard and refuses). 422 otherwise.
 */
export async function keepConnection(tx: Transaction, columns: EmbedColumns): Promise<void> {
  if (columns.embedMode === 'url' || columns.connectionId === null) return;
  const provider = await connectionProvider(tx, columns.connectionId, true);
  if (provider === null) throw connectionIssue(AdminMessages.unknownConnection);
  if (provider !== columns.embedMode) throw connectionIssue(AdminMessages.connectionProvider);
}

/**
 * Checks the embedding before the dashboard is written: in a token mode its connection must exist and be of the
 * mode's provider (422 otherwise). Returns the warning the saved dashboard carries, already on its way (the provider
 * or the URL's host is asked in parallel with the write): what the provider said of the target, or the URL probe's
 * finding. `warning` never rejects.
 */
export async function embedWarning(
  deps: EmbedSetupDeps,
  columns: EmbedColumns,
): Promise<{ warning: Promise<string | null> }> {
  if (columns.embedMode === 'url')
    return { warning: probeEmbedUrl(columns.embedUrl, deps.config.OUTBOUND_ALLOW_HOSTS).then(embedUrlWarning) };
  const connectionId = columns.connectionId;
  const provider = connectionId === null ? null : await connectionProvider(deps.db, connectionId);
  if (connectionId === null || provider === null) throw connectionIssue(AdminMessages.unknownConnection);
  if (provider !== columns.embedMode) throw connectionIssue(AdminMessages.connectionProvider);
  const target = embedTargetOf(columns);
  // Caught here too, so that a save that fails meanwhile leaves no rejected promise behind.
  const warning = target ? targetWarning(deps, connectionId, target).catch(() => null) : Promise.resolve(null);
  return { warning };
}
