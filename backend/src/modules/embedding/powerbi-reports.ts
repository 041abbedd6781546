import { HttpError, notFound, unprocessable } from '../../lib/http-error';
import { ConnectionSecretError, type ConnectionsDeps, loadOpenConnection } from './connections.service';
import { embedProviders, isProviderError, type OpenConnection } from './providers';
import { listPowerBiWorkspaces } from './providers/powerbi-workspaces';

/**
 * A Power BI connection's workspaces and reports for the admin (issue 29): shared by the capacity and import
 * services (the import lives with the dashboards it makes).
 */

type PowerBiConnection = Extract<OpenConnection, { provider: 'powerbi' }>;

/** The Power BI connection with its secret opened: 404 unknown, 422 another provider or a secret that does not open. */
export async function openPowerBiConnection(
  deps: Pick<ConnectionsDeps, 'db' | 'secretBox'>,
  id: number,
): Promise<PowerBiConnection> {
  let connection: OpenConnection | null;
  try {
    connection = await loadOpenConnection(deps, id);
  } catch (error) {
    if (error instanceof ConnectionSecretError) throw unprocessable(error.message);
    throw error;
  }
  if (!connection) throw notFound('Connection not found');
  if (connection.provider !== 'powerbi') throw unprocessable('This is not a Power BI connection');
  return connection;
}

/** The workspaces and their reports; 502/504 with Power BI's words for the admin (never a secret). */
export async function workspacesOf(deps: ConnectionsDeps, connection: PowerBiConnection) {
  try {
    return await listPowerBiWorkspaces(deps, connection);
  } catch (error) {
    if (!isProviderError(error)) throw error;
    throw new HttpError(error.kind === 'timeout' ? 504 : 502, error.message);
  }
}

/** What is wrong with a report (deleted, not visible), read again now; null when it is there. */
export const reportProblem = (
  deps: ConnectionsDeps,
  connection: PowerBiConnection,
  workspaceId: string,
  reportId: string,
) => embedProviders.checkTarget(deps, connection, { provider: 'powerbi', workspaceId, reportId });
