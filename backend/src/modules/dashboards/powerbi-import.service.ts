import { DashboardInputSchema, type PowerBiImportInputSchema, type PowerBiImportResult } from '@app/contracts';
import * as v from 'valibot';
import type { AppDeps } from '../../deps';
import type { Actor } from '../audit';
import { openPowerBiConnection, reportProblem } from '../embedding';
import { createDashboard, type DashboardAdminDeps } from './dashboards.service';
import { onePerReport } from './powerbi-import.repository';

/**
 * Import from a workspace (issue 29): a token-mode dashboard per chosen report, its ids filled in, made as the admin's
 * own save makes one (audited, checked with Power BI). Each report is read again first: one deleted since the
 * listing, one already imported (also by a parallel import) or no longer visible is listed in `failed` with why, and
 * the others are still made.
 */
export async function importReports(
  deps: Pick<AppDeps, 'embedOrigins'> & DashboardAdminDeps,
  actor: Actor,
  connectionId: number,
  input: v.InferOutput<typeof PowerBiImportInputSchema>,
): Promise<PowerBiImportResult> {
  const connection = await openPowerBiConnection(deps, connectionId);
  const result: PowerBiImportResult = { created: [], failed: [] };
  const seen = new Set<string>();
  for (const item of input.items) {
    const key = item.reportId.toLowerCase();
    const fail = (message: string) => result.failed.push({ reportId: item.reportId, name: item.name, message });
    if (seen.has(key)) {
      fail('This report is chosen twice');
      continue;
    }
    seen.add(key);
    const problem = await reportProblem(deps, connection, item.workspaceId, item.reportId);
    if (problem) {
      fail(problem);
      continue;
    }
    const values = v.parse(DashboardInputSchema, {
      name: item.name,
      description: item.description ?? '',
      category: item.category,
      embedMode: 'powerbi',
      connectionId,
      workspaceId: item.workspaceId,
      reportId: item.reportId,
    });
    const made = await onePerReport(deps.db, connectionId, key, () => createDashboard(deps, actor, values));
    if (made === null) fail('This report is already imported');
    else result.created.push({ id: made.id, name: made.name, reportId: item.reportId });
  }
  return result;
}
