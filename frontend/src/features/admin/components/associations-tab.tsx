import type { AdminDashboard, AdminOrganization, OrganizationDashboardLink, User } from '@app/contracts';
import { Badge } from '../../../components/ui/badge';
import { type Column, DataTable } from '../../../components/ui/table';
import { useUnlinkDashboard } from '../api/admin.mutations';
import { AddOrganizationUserForm } from '../forms/add-organization-user-form';
import { EditScopeButton } from '../forms/edit-scope-dialog';
import { LinkDashboardForm } from '../forms/link-dashboard-form';
import { EMBED_MODE_LABELS } from '../utils/embed';
import { notifyFailure, notifySuccess } from '../utils/notify';
import { scopeSummary, takesScope } from '../utils/scope-draft';
import { ConfirmAction, ListHeader, ListWithForm } from './admin-panel';

const keyOf = (link: OrganizationDashboardLink) => `${link.organizationId}-${link.dashboardId}`;

export const unlinkQuestion = (link: OrganizationDashboardLink) =>
  `Unlink '${link.dashboardName}' from '${link.organizationName}'? Its members will no longer see this dashboard.`;

/** The Unlink action of one association row, asked first. */
function UnlinkButton({ link }: { link: OrganizationDashboardLink }) {
  const unlink = useUnlinkDashboard();
  const confirm = async (close: () => void) => {
    try {
      await unlink.mutateAsync({ organizationId: link.organizationId, dashboardId: link.dashboardId });
      close();
      notifySuccess('Dashboard unlinked from organization');
    } catch (error) {
      close();
      notifyFailure('Error unlinking dashboard', error, 'Failed to unlink dashboard');
    }
  };
  return (
    <ConfirmAction
      label="Unlink"
      target={`${link.dashboardName} from ${link.organizationName}`}
      variant="outline"
      data-testid="association-unlink"
      title="Unlink Dashboard"
      question={unlinkQuestion(link)}
      pendingLabel="Unlinking..."
      pending={unlink.isPending}
      onConfirm={(close) => void confirm(close)}
      dialogTestId="unlink-dashboard-dialog"
    />
  );
}

const columns: Column<OrganizationDashboardLink>[] = [
  { header: 'Organization', className: 'font-medium', cell: (link) => link.organizationName },
  { header: 'Dashboard', cell: (link) => link.dashboardName },
  { header: 'Category', cell: (link) => link.dashboardCategory },
  { header: 'Type', cell: (link) => link.dashboardType },
  {
    header: 'Data scope',
    'data-testid': 'association-scope',
    cell: (link) => {
      const mode = link.dashboardEmbedMode;
      if (!takesScope(mode)) return <span className="text-slate-500 dark:text-slate-400">- (URL)</span>;
      return (
        <span className="flex flex-col items-start gap-1">
          <span className="text-xs text-slate-600 dark:text-slate-400">{EMBED_MODE_LABELS[mode]}</span>
          {link.dataScope ? (
            <span className="break-words">{scopeSummary(mode, link.dataScope)}</span>
          ) : (
            // Refused to the organization's members until it is set up (issue 14).
            <Badge variant="warning">Not set up</Badge>
          )}
        </span>
      );
    },
  },
  {
    header: 'Actions',
    headerClassName: 'text-right',
    className: 'text-right',
    cell: (link) => (
      <div className="flex flex-col items-end gap-2">
        {takesScope(link.dashboardEmbedMode) ? <EditScopeButton link={link} mode={link.dashboardEmbedMode} /> : null}
        <UnlinkButton link={link} />
      </div>
    ),
  },
];

/** Associations: which organization sees which dashboard (each link can be undone) and the forms that link them. */
export function AssociationsTab({
  links,
  organizations,
  dashboards,
  users,
}: {
  links: readonly OrganizationDashboardLink[];
  organizations: readonly AdminOrganization[];
  dashboards: readonly AdminDashboard[];
  users: readonly User[];
}) {
  const rows = [...links].sort(
    (a, b) =>
      a.organizationName.localeCompare(b.organizationName) ||
      a.dashboardName.localeCompare(b.dashboardName) ||
      a.organizationId - b.organizationId ||
      a.dashboardId - b.dashboardId,
  );
  return (
    <ListWithForm
      list={
        <>
          <ListHeader title="Dashboard Associations" count={rows.length} />
          <DataTable
            label="Dashboard associations"
            data-testid="associations-table"
            columns={columns}
            rows={rows}
            rowKey={keyOf}
            row={(link) => ({
              'data-testid': 'association-row',
              'data-organization-id': link.organizationId,
              'data-dashboard-id': link.dashboardId,
            })}
            empty={
              <>
                <span className="block font-medium text-slate-800 dark:text-slate-200">
                  No dashboard associations found
                </span>
                <span className="mt-1 block">
                  Use the 'Link Dashboard to Organization' form to give an organization a dashboard.
                </span>
              </>
            }
            emptyTestId="associations-empty"
          />
        </>
      }
      form={
        <div className="flex flex-col gap-8">
          <LinkDashboardForm organizations={organizations} dashboards={dashboards} />
          <div className="border-t border-slate-200 pt-6 dark:border-slate-700">
            <AddOrganizationUserForm organizations={organizations} users={users} />
          </div>
        </div>
      }
    />
  );
}
