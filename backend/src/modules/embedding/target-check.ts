import { AdminMessages } from '@app/contracts';
import type { Database } from '@app/db';
import type { Logger } from '@app/platform/logger';
import type { SecretBox } from '@app/platform/secret-box';
import { ConnectionSecretError, loadOpenConnection } from './connections.service';
import { type EmbedTarget, embedProviders, type ProviderDeps } from './providers';

export interface TargetCheckDeps extends ProviderDeps {
  db: Database;
  secretBox: SecretBox | null;
  logger: Logger;
}

/**
 * While a dashboard in a token mode is saved (issue 14): what the provider says of its report, view or dashboard
 * through the connection, in words for the admin, or null when it is there. Never throws: a connection whose secret
 * does not open, or a provider that cannot be asked, is a warning too; the save goes on.
 */
export async function targetWarning(
  deps: TargetCheckDeps,
  connectionId: number,
  target: EmbedTarget,
): Promise<string | null> {
  let connection: Awaited<ReturnType<typeof loadOpenConnection>>;
  try {
    connection = await loadOpenConnection(deps, connectionId);
  } catch (error) {
    if (!(error instanceof ConnectionSecretError)) throw error;
    deps.logger.warn({ connectionId, reason: error.message }, 'a dashboard was saved whose connection does not open');
    return `Saved, but the connection's secret could not be opened (${error.message}): check APP_ENCRYPTION_KEY, or enter the secret again`;
  }
  if (!connection) return AdminMessages.unknownConnection;
  try {
    return await embedProviders.checkTarget(deps, connection, target);
  } catch (error) {
    deps.logger.warn({ connectionId, err: error }, "a dashboard's target could not be checked");
    return 'Saved, but the provider could not be asked whether the report exists: try again later';
  }
}
