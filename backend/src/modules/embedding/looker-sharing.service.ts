import type { SharingSyncResult } from '@app/contracts';
import { searchAssets } from '@app/platform/lookerstudio/client';
import { LookerStudioError } from '@app/platform/lookerstudio/http';
import {
  assetsToReconcile,
  dashboardsShowing,
  recordConnectionSync,
} from '@app/platform/lookerstudio/sharing.repository';
import { syncAsset } from '@app/platform/lookerstudio/sync';
import { accessToken } from '@app/platform/lookerstudio/token';
import { HttpError, notFound, unprocessable } from '../../lib/http-error';
import type { Actor } from '../audit';
import { insertAudit } from '../audit';
import * as repo from './connections.repository';
import { ConnectionSecretError, openConnectionOf, openSecrets, requireBox } from './connections.secrets';
import type { ConnectionsDeps } from './connections.service';
import { accountOf, googleDeps } from './providers/lookerstudio';

/**
 * The admin's side of Looker Studio sharing (issue 28, D36): picking a report from those the delegated user can
 * share, and "Sync now", the same reconcile the workers run nightly, answered with what it did and found.
 */

const NOT_LOOKER = 'This is not a Looker Studio connection';

/** Google's fault on a call the admin waits for: 504 when it did not answer in time, else 502, with Google's words. */
const googleFault = (error: LookerStudioError) => new HttpError(error.kind === 'timeout' ? 504 : 502, error.message);

async function openLooker(deps: ConnectionsDeps, id: number) {
  const box = requireBox(deps.secretBox);
  const row = await repo.findConnectionRow(deps.db, id);
  if (!row) throw notFound('Connection not found');
  if (row.provider !== 'lookerstudio') throw unprocessable(NOT_LOOKER);
  let connection: ReturnType<typeof openConnectionOf>;
  try {
    connection = openConnectionOf(row, openSecrets(box, row));
  } catch (error) {
    if (error instanceof ConnectionSecretError) throw unprocessable(error.message);
    throw error;
  }
  if (connection.provider !== 'lookerstudio') throw unprocessable(NOT_LOOKER);
  return { row, connection };
}

/** GET .../assets?q=: the reports the delegated user can see whose title contains `q`. */
export async function searchReports(deps: ConnectionsDeps, id: number, q: string) {
  const { connection } = await openLooker(deps, id);
  try {
    const assets = await searchAssets(googleDeps(deps), accountOf(connection), q.trim(), 100);
    return { assets };
  } catch (error) {
    if (error instanceof LookerStudioError) throw googleFault(error);
    throw error;
  }
}

/**
 * POST .../sync: reconciles every report of the connection (its dashboards', and those whose grants are still to be
 * taken back), each under its lock like the workers' jobs; audited with the counts and what it did not expect.
 */
export async function syncConnection(deps: ConnectionsDeps, actor: Actor, id: number): Promise<SharingSyncResult> {
  const { row, connection } = await openLooker(deps, id);
  const google = googleDeps(deps);
  const result: SharingSyncResult = { added: 0, removed: 0, unexpected: [], errors: [] };
  const finish = async (error: string | null) => {
    const lastSync = {
      at: deps.clock.now().toISOString(),
      added: result.added,
      removed: result.removed,
      unexpected: result.unexpected.length,
      error,
    };
    await recordConnectionSync(deps.db, id, lastSync);
    await insertAudit(deps.db, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'connection.sync',
      targetType: 'connection',
      targetId: id,
      targetName: row.name,
      changes: { ...lastSync, unexpectedMembers: result.unexpected.slice(0, 50), errors: result.errors.slice(0, 50) },
    });
  };
  try {
    // Signing in first: a key or a delegation Google refuses is one clear answer, not one error per report.
    await accessToken(google, accountOf(connection));
  } catch (error) {
    if (!(error instanceof LookerStudioError)) throw error;
    await finish(error.message);
    throw googleFault(error);
  }
  const box = deps.secretBox;
  for (const asset of await assetsToReconcile(deps.db, id)) {
    try {
      const done = await syncAsset({ db: deps.db, secretBox: box, google }, asset);
      const dashboard = done.dashboards[0] ?? { id: 0, name: '(no dashboard any more)' };
      result.added += done.added.length;
      result.removed += done.removed.length;
      for (const { member, role } of done.unexpected)
        result.unexpected.push({
          dashboardId: dashboard.id,
          dashboardName: dashboard.name,
          assetName: asset.assetName,
          member,
          role,
        });
    } catch (error) {
      if (!(error instanceof LookerStudioError)) throw error;
      const dashboards = await dashboardsShowing(deps.db, asset);
      const dashboard = dashboards[0] ?? { id: 0, name: '(no dashboard any more)' };
      result.errors.push({ dashboardId: dashboard.id, dashboardName: dashboard.name, message: error.message });
    }
  }
  await finish(result.errors[0]?.message ?? null);
  return result;
}
