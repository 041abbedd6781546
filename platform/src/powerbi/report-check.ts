import type { Database } from '@app/db';
import type { embedConnections } from '@app/db/schema';
import { embedSealContext } from '../lookerstudio/sync';
import type { SecretBox } from '../secret-box';
import { type ArmConfig, CapacityError, request, type ServicePrincipal, servicePrincipalToken } from './arm';
import { POWERBI_SCOPE } from './entra-token';
import { clearFlags, flagDashboard, powerBiDashboards } from './report-check.repository';

/**
 * The nightly check of Power BI dashboards (issue 29): each token-mode dashboard's report is read as the embed token
 * reads it (`GET {api}/v1.0/myorg/groups/{w}/reports/{r}`); a report or workspace gone (404) or no longer visible
 * (401/403) is recorded in dashboard_target_problems, which the admin's dashboards list shows and the alert counts,
 * so an admin learns of it before a client does. A dashboard found well again loses its flag. A Power BI that cannot
 * be asked (down, throttling) flags nothing: only what Power BI said is a finding.
 */

export interface ReportCheckDeps {
  db: Database;
  secretBox: SecretBox | null;
  config: Pick<ArmConfig, 'POWERBI_AUTHORITY_URL' | 'OUTBOUND_ALLOW_HOSTS' | 'timeoutMs'> & { POWERBI_API_URL: string };
  now?: () => Date;
}

export interface ReportCheckResult {
  checked: number;
  flagged: number;
  /** Dashboards that could not be checked (a connection whose secret does not open, Power BI down). */
  skipped: number;
}

function principalOf(secretBox: SecretBox | null, row: typeof embedConnections.$inferSelect): ServicePrincipal | null {
  if (!secretBox) return null;
  try {
    const secrets = JSON.parse(secretBox.open(row.secret, embedSealContext(row.id))) as { clientSecret?: unknown };
    return {
      connectionId: row.id,
      version: row.updatedAt.getTime(),
      tenantId: row.settings.tenantId ?? '',
      clientId: row.settings.clientId ?? '',
      clientSecret: typeof secrets.clientSecret === 'string' ? secrets.clientSecret : '',
    };
  } catch {
    return null;
  }
}

/** What Power BI's answer means for the dashboard: a problem in words, null when well, undefined when unknown. */
function finding(status: number, workspaceId: string, reportId: string): string | null | undefined {
  if (status === 200) return null;
  if (status === 404)
    return `Power BI has no report ${reportId} in workspace ${workspaceId} any more (the report or its workspace was deleted, or the service principal was removed from the workspace)`;
  if (status === 401 || status === 403)
    return `The service principal may no longer read report ${reportId} in workspace ${workspaceId} (HTTP ${status}): add it to the workspace again`;
  return undefined;
}

export async function checkPowerBiReports(deps: ReportCheckDeps): Promise<ReportCheckResult> {
  const rows = await powerBiDashboards(deps.db);
  const result: ReportCheckResult = { checked: 0, flagged: 0, skipped: 0 };
  const well: number[] = [];
  const api = deps.config.POWERBI_API_URL.replace(/\/+$/, '');
  for (const row of rows) {
    const principal = principalOf(deps.secretBox, row.connection);
    if (!principal || !row.workspaceId || !row.reportId) {
      result.skipped++;
      continue;
    }
    let status: number;
    try {
      const token = await servicePrincipalToken(deps.config, principal, POWERBI_SCOPE);
      const url = `${api}/v1.0/myorg/groups/${encodeURIComponent(row.workspaceId)}/reports/${encodeURIComponent(row.reportId)}`;
      status = (await request(deps.config, 'Power BI', url, { headers: { authorization: `Bearer ${token}` } })).status;
    } catch (error) {
      if (!(error instanceof CapacityError)) throw error;
      result.skipped++;
      continue;
    }
    const problem = finding(status, row.workspaceId, row.reportId);
    if (problem === undefined) {
      result.skipped++;
      continue;
    }
    result.checked++;
    if (problem === null) {
      well.push(row.id);
      continue;
    }
    result.flagged++;
    await flagDashboard(deps.db, row.id, problem, deps.now?.() ?? new Date());
  }
  await clearFlags(
    deps.db,
    well,
    rows.map((row) => row.id),
  );
  return result;
}
