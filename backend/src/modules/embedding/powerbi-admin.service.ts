import type { Capacity, CapacityInputSchema, PowerBiImportable } from '@app/contracts';
import { pausedHours } from '@app/platform/powerbi/capacity';
import { findCapacityRow } from '@app/platform/powerbi/capacity.repository';
import type * as v from 'valibot';
import { notFound } from '../../lib/http-error';
import { type Actor, withAudit } from '../audit';
import { deleteCapacity, upsertCapacity } from './capacity.repository';
import { findConnectionRow } from './connections.repository';
import type { ConnectionsDeps } from './connections.service';
import { importedReports } from './imported-reports.repository';
import { openPowerBiConnection, workspacesOf } from './powerbi-reports';

/**
 * Power BI run as the commercial portals run it (issue 29): a connection's capacity (its settings, what Azure last
 * said, the hours it was paused this month and what that saved), and the reports its workspaces hold for import.
 */

const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

export async function readCapacity(
  deps: ConnectionsDeps,
  connectionId: number,
): Promise<{ capacity: Capacity | null }> {
  const row = await findCapacityRow(deps.db, connectionId);
  if (!row) {
    if (!(await findConnectionRow(deps.db, connectionId))) throw notFound('Connection not found');
    return { capacity: null };
  }
  const now = deps.clock.now();
  const hours = await pausedHours(deps.db, connectionId, monthStart(now), now);
  const price = row.hourlyPrice === null ? null : Number(row.hourlyPrice);
  return {
    capacity: {
      subscriptionId: row.subscriptionId,
      resourceGroup: row.resourceGroup,
      capacityName: row.capacityName,
      kind: row.kind as Capacity['kind'],
      timeZone: row.timeZone,
      activeFrom: row.activeFrom,
      activeTo: row.activeTo,
      activeDays: row.activeDays,
      idleMinutes: row.idleMinutes,
      hourlyPrice: price,
      state: row.lastState,
      checkedAt: row.checkedAt?.toISOString() ?? null,
      lastError: row.lastError,
      lastViewerAt: row.lastViewerAt?.toISOString() ?? null,
      pausedHoursThisMonth: Math.round(hours * 100) / 100,
      savedThisMonth: price === null ? null : Math.round(hours * price * 100) / 100,
    },
  };
}

/** PUT: names the connection's capacity (audited); the workers' round and the viewers use it from then on. */
export async function saveCapacity(
  deps: ConnectionsDeps,
  actor: Actor,
  connectionId: number,
  input: v.InferOutput<typeof CapacityInputSchema>,
) {
  const connection = await openPowerBiConnection(deps, connectionId);
  const settings = { ...input, hourlyPrice: input.hourlyPrice === null ? null : String(input.hourlyPrice) };
  await withAudit(deps.db, actor, async (tx) => {
    await upsertCapacity(tx, connectionId, settings);
    return {
      action: 'connection.capacity',
      targetType: 'connection',
      targetId: connection.id,
      targetName: `capacity ${input.capacityName}`,
      changes: { ...input },
    };
  });
  return readCapacity(deps, connectionId);
}

export async function removeCapacity(deps: ConnectionsDeps, actor: Actor, connectionId: number) {
  await withAudit(deps.db, actor, async (tx) => {
    const removed = await deleteCapacity(tx, connectionId);
    if (!removed) throw notFound('This connection names no capacity');
    return {
      action: 'connection.capacity',
      targetType: 'connection',
      targetId: connectionId,
      targetName: `capacity ${removed.capacityName}`,
      changes: { capacityName: { from: removed.capacityName, to: null } },
    };
  });
}

/** GET .../powerbi-reports: every workspace the principal sees, its reports, those already imported marked. */
export async function importableReports(deps: ConnectionsDeps, connectionId: number): Promise<PowerBiImportable> {
  const connection = await openPowerBiConnection(deps, connectionId);
  const workspaces = await workspacesOf(deps, connection);
  const imported = await importedReports(deps.db, connectionId);
  return {
    workspaces: workspaces.map((workspace) => ({
      ...workspace,
      reports: workspace.reports.map((report) => ({
        ...report,
        dashboardId: imported.get(report.id.toLowerCase()) ?? null,
      })),
    })),
  };
}
