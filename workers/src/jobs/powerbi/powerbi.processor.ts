import type { Database } from '@app/db';
import type { Logger } from '@app/platform/logger';
import type { ArmConfig } from '@app/platform/powerbi/arm';
import {
  activeCapacityForExport,
  type CapacityDeps,
  capacityConnectionIds,
  capacityRound,
} from '@app/platform/powerbi/capacity';
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

/**
 * What a report subscription's export asks of the capacity (issue 29: "subscriptions resume the capacity for their
 * export"): resumed and waited for when paused, and held so that the capacity round never pauses it meanwhile. The
 * hold is not released when the export ends: exports on one capacity run side by side, and one ending must not take
 * the hold from another still running; it lapses by itself (30 minutes, longer than an export may take), after which
 * the round pauses an idle capacity as usual. A capacity that cannot be started throws: the export is retried later.
 */
export function exportCapacityHook(deps: () => PowerBiJobDeps) {
  return {
    async beforeExport({ connectionId }: { connectionId: number }) {
      const { db, secretBox, arm } = deps();
      await activeCapacityForExport({ db, secretBox, arm }, connectionId);
      return async () => {};
    },
  };
}
