import { DATA_SCOPE_SCHEMAS } from '@app/contracts';
import { openEmbedSecrets } from '@app/platform/lookerstudio/sync';
import { ExportError, type ExportHttp } from '@app/platform/report-export/http';
import { type ExportedFile, exportPowerBiReport, type PowerBiExportDeps } from '@app/platform/report-export/powerbi';
import { exportTableauView, type TableauExportDeps } from '@app/platform/report-export/tableau';
import type { SecretBox } from '@app/platform/secret-box';
import * as v from 'valibot';
import type { RunSubject } from '../../repositories/subscriptions.repository';

/**
 * One organization's file of a subscription (issue 29, decision 054): the dashboard's report exported with the
 * connection of the dashboard and the organization's own identity (its link's data scope), never anyone else's.
 */

/**
 * The hook where a paused Power BI capacity is resumed for an export (and let go after it): the capacity helper of
 * workers' runtime brings the capacity module's (`exportCapacityHook`, decision 053); a test may bring its own.
 */
export interface SubscriptionCapacityHook {
  /** Before an export of a Power BI report in this workspace; the returned function is called once it has ended. */
  beforeExport(target: { connectionId: number; workspaceId: string; reportId: string }): Promise<() => Promise<void>>;
}

export interface ExportDeps {
  secretBox: SecretBox | null;
  http: ExportHttp;
  powerbi: Omit<PowerBiExportDeps, 'http'>;
  tableau: Omit<TableauExportDeps, 'http'>;
  capacity: SubscriptionCapacityHook;
}

const notSetUp = (message: string) => new ExportError('not-set-up', message);

/** The connection's secret fields, opened in memory for this export only. */
function openSecrets(deps: ExportDeps, connection: NonNullable<RunSubject['connection']>): Record<string, string> {
  return openEmbedSecrets(deps.secretBox, connection, (reason) =>
    notSetUp(
      reason === 'no-key'
        ? "APP_ENCRYPTION_KEY is not set: the dashboard's connection cannot be opened"
        : `The secrets of connection "${connection.name}" do not open with APP_ENCRYPTION_KEY (another key, or altered): enter them again`,
    ),
  );
}

/** The report exported for the organization; ExportError ('not-set-up' when an admin has to change something). */
export async function exportForOrganization(
  deps: ExportDeps,
  subject: RunSubject,
  signInAs: string,
): Promise<ExportedFile> {
  const { dashboard, connection, organization } = subject;
  const format = subject.subscription.format as 'PDF' | 'PNG';
  if (dashboard.embedMode !== 'powerbi' && dashboard.embedMode !== 'tableau')
    throw notSetUp('Only Power BI and Tableau dashboards can be e-mailed: this dashboard is embedded another way');
  if (!connection || connection.provider !== dashboard.embedMode)
    throw notSetUp("The dashboard has no connection of its provider: choose one on the dashboard's page");
  const scope = v.safeParse(DATA_SCOPE_SCHEMAS[dashboard.embedMode], subject.dataScope);
  if (subject.dataScope === null || !scope.success)
    throw notSetUp(`${organization.name} has no data scope for this dashboard: set it on the link first`);
  const secrets = openSecrets(deps, connection);
  const target = dashboard.embedTarget ?? {};
  if (dashboard.embedMode === 'powerbi') {
    const { roles, username, customData } = scope.output as v.InferOutput<typeof DATA_SCOPE_SCHEMAS.powerbi>;
    const workspaceId = String(target.workspaceId ?? '');
    const reportId = String(target.reportId ?? '');
    if (!workspaceId || !reportId) throw notSetUp('The dashboard names no Power BI report: choose it again');
    const release = await deps.capacity.beforeExport({ connectionId: connection.id, workspaceId, reportId });
    try {
      return await exportPowerBiReport(
        { ...deps.powerbi, http: deps.http },
        {
          id: connection.id,
          version: connection.updatedAt.getTime(),
          tenantId: connection.settings.tenantId ?? '',
          clientId: connection.settings.clientId ?? '',
          clientSecret: secrets.clientSecret ?? '',
        },
        {
          workspaceId,
          reportId,
          format,
          identity:
            roles.length > 0
              ? {
                  // The organization's identity: its scope's username, else one naming the organization only.
                  username: username || `organization-${organization.id}`,
                  roles,
                  ...(customData ? { customData } : {}),
                }
              : null,
        },
      );
    } finally {
      await release();
    }
  }
  const { attributes } = scope.output as v.InferOutput<typeof DATA_SCOPE_SCHEMAS.tableau>;
  const viewUrl = String(target.viewUrl ?? '');
  if (!viewUrl) throw notSetUp('The dashboard names no Tableau view: choose it again');
  return exportTableauView(
    { ...deps.tableau, http: deps.http },
    {
      siteUrl: connection.settings.siteUrl ?? '',
      siteName: connection.settings.siteName ?? '',
      clientId: connection.settings.clientId ?? '',
      secretId: connection.settings.secretId ?? '',
      secretValue: secrets.secretValue ?? '',
    },
    { viewUrl, format, username: signInAs, attributes },
  );
}
