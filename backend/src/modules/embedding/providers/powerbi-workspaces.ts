import { entraToken, forgetEntraToken, type PowerBiConnection } from './entra';
import { baseUrl, errorCode, providerError, providerRequest, statusWords } from './http';
import { type ProviderDeps, ProviderError } from './types';

/**
 * Import from a workspace (issue 29): the workspaces the service principal is a member of (`GET {api}/v1.0/myorg/groups`)
 * and each one's reports (`GET .../groups/{id}/reports`), with Microsoft's documented shapes. A workspace whose reports
 * cannot be listed (403: access taken away since) is listed with why, never fails the whole listing.
 */

const LABEL = 'Power BI';
/** Power BI answers at most 5,000 workspaces a page; a service principal of this product sees a handful. */
const MAX_WORKSPACES = 200;

export interface WorkspaceReports {
  id: string;
  name: string;
  error: string | null;
  reports: Array<{ id: string; name: string }>;
}

const codeOf = (body: unknown) => errorCode((body as { error?: { code?: unknown } } | null)?.error?.code);

const listOf = (body: unknown): Array<{ id: string; name: string }> | null => {
  const value = (body as { value?: unknown } | null)?.value;
  if (!Array.isArray(value)) return null;
  return value
    .filter(
      (item): item is { id: string; name: string } =>
        typeof item?.id === 'string' && typeof item?.name === 'string' && item.id.length <= 64,
    )
    .map((item) => ({ id: item.id, name: item.name.slice(0, 200) }));
};

export async function listPowerBiWorkspaces(
  deps: ProviderDeps,
  connection: PowerBiConnection,
): Promise<WorkspaceReports[]> {
  const api = `${baseUrl(deps.config.POWERBI_API_URL)}/v1.0/myorg`;
  const token = await entraToken(deps, connection);
  const headers = { authorization: `Bearer ${token.accessToken}` };
  const answer = await providerRequest(deps, LABEL, `${api}/groups?$top=${MAX_WORKSPACES}`, { headers });
  if (!answer.ok) {
    forgetEntraToken(deps, connection, answer);
    throw providerError(
      answer.status === 401 || answer.status === 403 ? 'unauthorized' : 'unavailable',
      `${LABEL} refused to list the workspaces: ${statusWords(answer.status, [codeOf(answer.body)])}`,
      [connection.clientSecret],
    );
  }
  const workspaces = listOf(answer.body);
  if (!workspaces) throw new ProviderError('unavailable', `${LABEL} answered the workspace list in an unexpected form`);
  // A few at a time: a tenant's throttling counts requests per principal.
  const result: WorkspaceReports[] = [];
  for (let i = 0; i < workspaces.length; i += 4) {
    const batch = workspaces.slice(i, i + 4);
    result.push(
      ...(await Promise.all(
        batch.map(async (workspace): Promise<WorkspaceReports> => {
          const url = `${api}/groups/${encodeURIComponent(workspace.id)}/reports`;
          const listed = await providerRequest(deps, LABEL, url, { headers });
          if (!listed.ok) {
            const words = statusWords(listed.status, [codeOf(listed.body)]);
            const error =
              listed.status === 401 || listed.status === 403
                ? `The service principal may not read this workspace's reports (${words}): add it to the workspace as a Member or Admin`
                : `Power BI did not list this workspace's reports (${words})`;
            return { ...workspace, error, reports: [] };
          }
          const reports = listOf(listed.body);
          return reports
            ? { ...workspace, error: null, reports }
            : { ...workspace, error: 'Power BI answered the report list in an unexpected form', reports: [] };
        }),
      )),
    );
  }
  return result;
}
