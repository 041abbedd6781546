import type { OrganizationDashboardLink, OrganizationDetail } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { type Column, DataTable } from '../../../components/ui/table';
import { apiGetPage } from '../../../lib/api';
import { adminDashboardsQueryOptions, adminKeys } from '../api/admin.queries';
import { ListHeader } from '../components/admin-panel';
import { DataScopeSummary, UnlinkButton } from '../components/link-parts';
import { EditScopeButton } from '../forms/edit-scope-dialog';
import { LinkDashboardForm } from '../forms/link-dashboard-form';
import { takesScope } from '../utils/scope-draft';

/** An organization has a handful of dashboards; more than this is paged in the Associations list. */
const MOST = 100;

const columns: Column<OrganizationDashboardLink>[] = [
  {
    header: 'Dashboard',
    className: 'font-medium break-words',
    cell: (link) => (
      <>
        <span className="block">{link.dashboardName}</span>
        <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">
          {link.dashboardCategory} · {link.dashboardType}
        </span>
      </>
    ),
  },
  {
    header: 'Data scope',
    'data-testid': 'organization-dashboard-scope',
    cell: (link) => <DataScopeSummary link={link} />,
  },
  {
    header: 'Actions',
    headerClassName: 'text-right',
    className: 'text-right',
    cell: (link) => (
      <div className="flex flex-wrap justify-end gap-2">
        {takesScope(link.dashboardEmbedMode) ? <EditScopeButton link={link} mode={link.dashboardEmbedMode} /> : null}
        <UnlinkButton link={link} />
      </div>
    ),
  },
];

/** The organization's dashboards with their data scope (issue 27): edit a scope, unlink, link another. */
export function DashboardsSection({ detail }: { detail: OrganizationDetail }) {
  const { organization } = detail;
  const links = useQuery({
    queryKey: [...adminKeys.links, 'organization', organization.id],
    queryFn: ({ signal }) =>
      apiGetPage<OrganizationDashboardLink>(
        `/api/admin/organization-dashboards?organization=${organization.id}&page=1&pageSize=${MOST}&sort=dashboardName&order=asc`,
        signal,
      ),
  });
  const dashboards = useQuery(adminDashboardsQueryOptions());
  return (
    <Card className="min-w-0 p-4 sm:p-6" data-testid="organization-dashboards">
      <ListHeader title="Dashboards" count={links.data?.total} />
      {links.isError ? (
        <Alert variant="error">The dashboards could not be loaded.</Alert>
      ) : (
        <DataTable
          label={`Dashboards of ${organization.name}`}
          data-testid="organization-dashboards-table"
          columns={columns}
          rows={links.data?.rows ?? []}
          rowKey={(link) => link.dashboardId}
          row={(link) => ({ 'data-testid': 'organization-dashboard-row', 'data-dashboard-id': link.dashboardId })}
          empty="No dashboards linked yet"
          emptyTestId="organization-dashboards-empty"
          loading={links.isPending}
        />
      )}
      {(links.data?.total ?? 0) > MOST ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          The first {MOST} are shown; the Associations list has every one.
        </p>
      ) : null}
      <div className="mt-6 max-w-xl border-t border-slate-200 pt-6 dark:border-slate-700">
        <LinkDashboardForm
          organizations={[organization]}
          dashboards={dashboards.data ?? []}
          organization={organization}
        />
      </div>
    </Card>
  );
}
