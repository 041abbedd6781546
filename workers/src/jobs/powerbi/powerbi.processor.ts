import type { Database } from '@app/db';
import type { Logger } from '@app/platform/logger';
import type { ArmConfig } from '@app/platform/powerbi/arm';
import { type CapacityDeps, capacityConnectionIds, capacityRound } from '@app/platform/powerbi/capacity';
import { checkPowerBiReports } from '@app/platform/powerbi/report-check';
import type { SecretBox } from '@app/platform/secret-box';

/**
 * Power BI in the workers (issue 29, decision 053), on the reports queue: the capacity round (every
 * CAPACITY_ROUND_INTERVAL_MS, once per cluster by the scheduler's fixed id; each capacity under its advisory lock
 * besides) pauses idle capacities outside their active hours and resumes those whose hours began; the nightly check
 * flags dashboards whose report or workspace is gone.
 */

export const PowerBiJobNames = { capacityRound: 'capacity-round', checkReports: 'powerbi-check-reports' } as const;
export const CAPACITY_ROUND_SCHEDULER_ID = 'powerbi-capacity-round';
export const POWERBI_CHECK_SCHEDULER_ID = 'powerbi-check-nightly';

export interface PowerBiJobDeps {
  db: Database;
  secretBox: SecretBox | null;
  arm: ArmConfig;
  powerBiApiUrl: string;
  logger: Logger;
}

export async function runCapacityRound(deps: PowerBiJobDeps) {
  const capacityDeps: CapacityDeps = { db: deps.db, secretBox: deps.secretBox, arm: deps.arm };
  const outcomes: Record<string, number> = {};
  for (const connectionId of await capacityConnectionIds(deps.db)) {
    const outcome = await capacityRound(capacityDeps, connectionId);
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    if (outcome === 'failed')
      deps.logger.warn({ connectionId }, 'a Power BI capacity could not be checked (its lastError says why)');
    else if (outcome === 'paused' || outcome === 'resumed')
      deps.logger.info({ connectionId, outcome }, `Power BI capacity ${outcome}`);
  }
  return outcomes;
}

export async function runReportCheck(deps: PowerBiJobDeps) {
  const result = await checkPowerBiReports({
    db: deps.db,
    secretBox: deps.secretBox,
    config: { ...deps.arm, POWERBI_API_URL: deps.powerBiApiUrl },
  });
  if (result.flagged) deps.logger.warn(result, 'Power BI dashboards whose report is gone or no longer visible');
  return result;
}
