import {
  type Capacity,
  DashboardInputSchema,
  type PowerBiImportable,
  type PowerBiImportInputSchema,
  type PowerBiImportResult,
  type CapacityInputSchema,
} from '@app/contracts';
import { dashboards, embedConnections, powerbiCapacities } from '@app/db/schema';
import { pausedHours } from '@app/platform/powerbi/capacity';
import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { HttpError, notFound, unprocessable } from '../../lib/http-error';
import { type Actor, withAudit } from '../audit/with-audit';
import { createDashboard, type DashboardAdminDeps } from '../dashboards/dashboards.service';
import { ConnectionSecretError, type ConnectionsDeps, loadOpenConnection } from './connections.service';
import { embedProviders, isProviderError, type OpenConnection } from './providers';
import { listPowerBiWorkspaces } from './providers/powerbi-workspaces';

/**
 * Power BI run as the commercial portals run it (issue 29): a connection's capacity (its settings, what Azure last
 * said, the hours it was paused this month and what that saved) and importing a workspace's reports as dashboards.
 */

export type PowerBiAdminDeps = ConnectionsDeps & DashboardAdminDeps;

type PowerBiConnection = Extract<OpenConnection, { provider: 'powerbi' }>;

const NOT_POWERBI = 'This is not a Power BI connection';

/** The Power BI connection with its secret opened: 404 unknown, 422 another provider or a secret that does not open. */
async function powerBiConnection(deps: PowerBiAdminDeps, id: number): Promise<PowerBiConnection> {
  let connection: OpenConnection | null;
  try {
    connection = await loadOpenConnection(deps, id);
  } catch (error) {
    if (error instanceof ConnectionSecretError) throw unprocessable(error.message);
    throw error;
  }
  if (!connection) throw notFound('Connection not found');
  if (connection.provider !== 'powerbi') throw unprocessable(NOT_POWERBI);
  return connection;
}

const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

export async function readCapacity(deps: PowerBiAdminDeps, connectionId: number): Promise<{ capacity: Capacity | null }> {
  const [row] = await deps.db.select().from(powerbiCapacities).where(eq(powerbiCapacities.connectionId, connectionId));
  if (!row) {
    const [exists] = await deps.db
      .select({ id: embedConnections.id })
      .from(embedConnections)
      .where(eq(embedConnections.id, connectionId));
    if (!exists) throw notFound('Connection not found');
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
  deps: PowerBiAdminDeps,
  actor: Actor,
  connectionId: number,
  input: v.InferOutput<typeof CapacityInputSchema>,
) {
  const connection = await powerBiConnection(deps, connectionId);
  const values = { ...input, hourlyPrice: input.hourlyPrice === null ? null : String(input.hourlyPrice) };
  await withAudit(deps.db, actor, async (tx) => {
    await tx
      .insert(powerbiCapacities)
      .values({ connectionId, ...values })
      .onConflictDoUpdate({
        target: powerbiCapacities.connectionId,
        set: { ...values, updatedAt: sql`now()`, lastError: null, lastState: null, checkedAt: null, resumeRequestedAt: null },
      });
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

export async function removeCapacity(deps: PowerBiAdminDeps, actor: Actor, connectionId: number) {
  await withAudit(deps.db, actor, async (tx) => {
    const [removed] = await tx
      .delete(powerbiCapacities)
      .where(eq(powerbiCapacities.connectionId, connectionId))
      .returning();
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

/** The dashboards already showing a report of this connection, by lower-case report id. */
async function importedReports(deps: PowerBiAdminDeps, connectionId: number) {
  const rows = await deps.db
    .select({ id: dashboards.id, reportId: sql<string>`lower(${dashboards.embedTarget}->>'reportId')` })
    .from(dashboards)
    .where(and(eq(dashboards.connectionId, connectionId), eq(dashboards.embedMode, 'powerbi')));
  return new Map(rows.map((row) => [row.reportId, row.id]));
}

/** 502/504 with Power BI's words for the admin (never a secret). */
function providerFault(error: unknown): unknown {
  if (!isProviderError(error)) return error;
  return new HttpError(error.kind === 'timeout' ? 504 : 502, error.message);
}

/** GET .../powerbi-reports: every workspace the principal sees, its reports, those already imported marked. */
export async function importableReports(deps: PowerBiAdminDeps, connectionId: number): Promise<PowerBiImportable> {
  const connection = await powerBiConnection(deps, connectionId);
  let workspaces: Awaited<ReturnType<typeof listPowerBiWorkspaces>>;
  try {
    workspaces = await listPowerBiWorkspaces(deps, connection);
  } catch (error) {
    throw providerFault(error);
  }
  const imported = await importedReports(deps, connectionId);
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

/**
 * POST .../import: a token-mode dashboard per report, its ids filled in. Each report is read again first: one deleted
 * since the listing, one already imported (also by a parallel import) or no longer visible is listed in `failed`
 * with why, and the others are still made.
 */
export async function importReports(
  deps: PowerBiAdminDeps,
  actor: Actor,
  connectionId: number,
  input: v.InferOutput<typeof PowerBiImportInputSchema>,
): Promise<PowerBiImportResult> {
  const connection = await powerBiConnection(deps, connectionId);
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
    const target = { provider: 'powerbi', workspaceId: item.workspaceId, reportId: item.reportId } as const;
    const problem = await embedProviders.checkTarget(deps, connection, target);
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
    const made = await onePerReport(deps, connectionId, key, () => createDashboard(deps, actor, values));
    if (made === null) fail('This report is already imported');
    else result.created.push({ id: made.id, name: made.name, reportId: item.reportId });
  }
  return result;
}

/** Makes the dashboard unless one shows the report already: under a lock per connection and report (parallel imports). */
async function onePerReport<T>(
  deps: PowerBiAdminDeps,
  connectionId: number,
  reportKey: string,
  make: () => Promise<T>,
): Promise<T | null> {
  let made: T | null = null;
  await deps.db.$client.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${0x70626969}::int4, hashtext(${`${connectionId}|${reportKey}`}))`;
    if ((await importedReports(deps, connectionId)).has(reportKey)) return;
    made = await make();
  });
  return made;
}
