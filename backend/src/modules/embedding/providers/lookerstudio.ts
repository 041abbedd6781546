import type { ConnectionTest } from '@app/contracts';
import { getPermissions, searchAssets } from '@app/platform/lookerstudio/client';
import { LookerStudioError } from '@app/platform/lookerstudio/http';
import type { LookerStudioAccount, LookerStudioDeps } from '@app/platform/lookerstudio/token';
import { connectionTest, type EmbedTarget, type OpenConnection, type ProviderDeps, targetCheck } from './types';

/**
 * Looker Studio (issue 28): no token to mint, the report is framed by its URL and access is its sharing with each
 * person's Google account, kept in step by the workers (platform/src/lookerstudio). Here: "Test connection" (a search
 * of the reports the delegated user can share) and the check of a dashboard's report while it is saved.
 */

type LookerStudioConnection = Extract<OpenConnection, { provider: 'lookerstudio' }>;
type LookerStudioTarget = Extract<EmbedTarget, { provider: 'lookerstudio' }>;

export const googleDeps = (deps: ProviderDeps): LookerStudioDeps => ({
  tokenUrl: deps.config.GOOGLE_TOKEN_URL,
  apiUrl: deps.config.LOOKER_STUDIO_API_URL,
  timeoutMs: deps.config.EMBED_PROVIDER_TIMEOUT_MS,
  now: () => deps.clock.now().getTime(),
});

export const accountOf = (connection: LookerStudioConnection): LookerStudioAccount => ({
  id: connection.id,
  version: connection.updatedAt.getTime(),
  serviceAccountKey: connection.serviceAccountKey,
  delegatedUser: connection.delegatedUser,
});

export function testLookerStudio(deps: ProviderDeps, connection: LookerStudioConnection): Promise<ConnectionTest> {
  return connectionTest(LookerStudioError, async () => {
    const assets = await searchAssets(googleDeps(deps), accountOf(connection), '', 50);
    if (!assets.length)
      return `Signed in to Looker Studio as ${connection.delegatedUser}, who can see no reports yet (share them with this user, as an editor)`;
    const titles = assets
      .slice(0, 3)
      .map((asset) => `"${asset.title}"`)
      .join(', ');
    return `Signed in to Looker Studio as ${connection.delegatedUser}: ${assets.length}${assets.length === 50 ? '+' : ''} report${assets.length === 1 ? '' : 's'} found (${titles}${assets.length > 3 ? ', …' : ''})`;
  });
}

/** While a dashboard is saved: null when the delegated user can read the report's permissions, else why not. */
export function checkLookerStudioTarget(
  deps: ProviderDeps,
  connection: LookerStudioConnection,
  target: LookerStudioTarget,
): Promise<string | null> {
  return targetCheck(LookerStudioError, () =>
    getPermissions(googleDeps(deps), accountOf(connection), target.assetName),
  );
}
