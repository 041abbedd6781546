import type { Database } from '@app/db';
import type { SecretBox } from '../secret-box';
import { getPermissions, patchPermissions } from './client';
import { LookerStudioError } from './http';
import { planSharing } from './plan';
import {
  dashboardsShowing,
  desiredMembers,
  findEmbedConnection,
  findSharing,
  type SharedAsset,
  saveSharing,
  withAssetLock,
} from './sharing.repository';
import type { LookerStudioAccount, LookerStudioDeps } from './token';

/**
 * Brings one report's sharing in step (issue 28, D36), for the workers' jobs and the API's sync alike: under the
 * report's advisory lock, reads its permissions, works out the change (plan.ts) and writes it with the etag it read; a
 * write refused because someone changed the permissions meanwhile is re-read and re-planned. Idempotent: run again,
 * it finds nothing to do. What it did is saved on the report's sharing row; a failure is saved as 'failing' (with
 * why) and thrown, so the job retries.
 */

export interface SharingDeps {
  db: Database;
  secretBox: SecretBox | null;
  google: LookerStudioDeps;
}

export interface AssetSyncResult {
  asset: SharedAsset;
  dashboards: { id: number; name: string }[];
  added: string[];
  removed: string[];
  unexpected: { member: string; role: string }[];
}

const ATTEMPTS = 5;

/** The sealed secret of an embed connection opens with this context (as the API sealed it). */
export const embedSealContext = (id: number) => `embed-connection:${id}`;

/**
 * An embed connection's secrets, opened in memory. `refused` makes the caller's error: `no-key` without
 * APP_ENCRYPTION_KEY, `not-opened` when they do not open with it (another key, or altered).
 */
export function openEmbedSecrets<T extends object>(
  secretBox: SecretBox | null,
  connection: { id: number; secret: string },
  refused: (reason: 'no-key' | 'not-opened') => Error,
): T {
  if (!secretBox) throw refused('no-key');
  try {
    return JSON.parse(secretBox.open(connection.secret, embedSealContext(connection.id)));
  } catch {
    throw refused('not-opened');
  }
}

/** The connection's account, its key opened in memory; LookerStudioError when it cannot be. */
async function lookerStudioAccount(deps: Omit<SharingDeps, 'google'>, connectionId: number) {
  const row = await findEmbedConnection(deps.db, connectionId);
  if (row?.provider !== 'lookerstudio')
    throw new LookerStudioError('not-found', `Looker Studio connection ${connectionId} no longer exists`);
  const secrets = openEmbedSecrets<{ serviceAccountKey?: unknown }>(
    deps.secretBox,
    row,
    (reason) =>
      new LookerStudioError(
        'invalid-key',
        reason === 'no-key'
          ? 'APP_ENCRYPTION_KEY is not set: the service account key cannot be opened'
          : `The key of connection "${row.name}" does not open with APP_ENCRYPTION_KEY (another key, or altered): enter it again`,
      ),
  );
  const account: LookerStudioAccount = {
    id: row.id,
    version: row.updatedAt.getTime(),
    serviceAccountKey: typeof secrets.serviceAccountKey === 'string' ? secrets.serviceAccountKey : '',
    delegatedUser: row.settings.delegatedUser ?? '',
  };
  return { account, ownsSharing: row.settings.ownsSharing === 'true', name: row.name };
}

export async function syncAsset(deps: SharingDeps, asset: SharedAsset): Promise<AssetSyncResult> {
  return withAssetLock(deps.db, asset, async () => {
    const now = () => new Date(deps.google.now());
    try {
      const { account, ownsSharing } = await lookerStudioAccount(deps, asset.connectionId);
      const [row, dashboards] = await Promise.all([findSharing(deps.db, asset), dashboardsShowing(deps.db, asset)]);
      const granted = row?.granted ?? {};
      for (let attempt = 1; ; attempt++) {
        const desired = await desiredMembers(deps.db, asset);
        let current: Awaited<ReturnType<typeof getPermissions>>;
        try {
          current = await getPermissions(deps.google, account, asset.assetName);
        } catch (error) {
          // A report deleted in Looker Studio that no dashboard shows any more: nobody can see it, nothing to take back.
          if (error instanceof LookerStudioError && error.kind === 'not-found' && !dashboards.length) {
            await saveSharing(deps.db, asset, { state: 'in-step', granted: {}, at: now(), keep: false });
            return { asset, dashboards, added: [], removed: [], unexpected: [] };
          }
          throw error;
        }
        const plan = planSharing({ current: current.permissions, desired, granted, ownsSharing, now: now() });
        if (plan.next) {
          try {
            await patchPermissions(deps.google, account, asset.assetName, {
              permissions: plan.next,
              etag: current.etag,
            });
          } catch (error) {
            if (error instanceof LookerStudioError && error.kind === 'conflict' && attempt < ATTEMPTS) continue;
            throw error;
          }
        }
        const keep = dashboards.length > 0 || Object.keys(plan.granted).length > 0;
        await saveSharing(deps.db, asset, { state: 'in-step', granted: plan.granted, at: now(), keep });
        return { asset, dashboards, added: plan.added, removed: plan.removed, unexpected: plan.unexpected };
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await saveSharing(deps.db, asset, { state: 'failing', error: message, at: now() });
      throw error;
    }
  });
}
