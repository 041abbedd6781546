import type { AdminDashboard, AdminOrganization, OrganizationDashboardLink } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../../components/ui/badge';
import { type Column, DataTable } from '../../../components/ui/table';
import { useUnlinkDashboard } from '../api/admin.mutations';
import { adminKeys, adminUsersQueryOptions } from '../api/admin.queries';
import { AddOrganizationUserForm } from '../forms/add-organization-user-form';
import { EditScopeButton } from '../forms/edit-scope-dialog';
import { LinkDashboardForm } from '../forms/link-dashboard-form';
import { ALL } from '../utils/admin-lists';
import { EMBED_MODE_LABELS } from '../utils/embed';
import { notifyFailure, notifySuccess } from '../utils/notify';
import { scopeSummary, takesScope } from '../utils/scope-draft';
import { useListView } from '../utils/use-list-view';
import { ConfirmAction, FilterBar, type FilterField, filterChoices, ListHeader, ListWithForm } from './admin-panel';
import { Pager } from './pager';

const keyOf = (link: OrganizationDashboardLink) => `${link.organizationId}-${link.dashboardId}`;

export const unlinkQuestion = (link: OrganizationDashboardLink) =>
  `Unlink '${link.dashboardName}' from '${link.organizationName}'? Its members will no longer see this dashboard.`;

/** The Unlink action of one association row, asked first. */
export function UnlinkButton({ link }: { link: OrganizationDashboardLink }) {
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

/** A link's data scope in words (token modes), 'Not set up' when it has none, or why it takes none. */
export function DataScopeSummary({ link }: { link: OrganizationDashboardLink }) {
  const mode = link.dashboardEmbedMode;
  // A Looker Studio report is shared with the organization's people (issue 28): no scope to edit.
  if (!takesScope(mode))
    return (
      <span className="text-slate-500 dark:text-slate-400">
        {mode === 'lookerstudio' ? '- (shared in Looker Studio)' : '- (URL)'}
      </span>
    );
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
}

type LinkSortKey = 'organizationName' | 'dashboardName' | 'dashboardCategory' | 'dashboardType';
const LINK_SORT_KEYS: readonly LinkSortKey[] = [
  'organizationName',
  'dashboardName',
  'dashboardCategory',
  'dashboardType',
];

const columns: Column<OrganizationDashboardLink, LinkSortKey>[] = [
  {
    header: 'Organization',
    sortKey: 'organizationName',
    className: 'font-medium',
    cell: (link) => link.organizationName,
  },
  { header: 'Dashboard', sortKey: 'dashboardName', cell: (link) => link.dashboardName },
  { header: 'Category', sortKey: 'dashboardCategory', cell: (link) => link.dashboardCategory },
  { header: 'Type', sortKey: 'dashboardType', cell: (link) => link.dashboardType },
  {
    header: 'Data scope',
    'data-testid': 'association-scope',
    cell: (link) => <DataScopeSummary link={link} />,
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

interface LinkFilters {
  q: string;
  organization: string;
}

/**
 * Associations: which organization sees which dashboard, one page at a time (the server searches, filters, sorts and
 * pages, issue 18; the view is in the URL), each link can be undone; and the forms that link them.
 */
export function AssociationsTab({
  organizations,
  dashboards,
}: {
  organizations: readonly AdminOrganization[];
  dashboards: readonly AdminDashboard[];
}) {
  const list = useListView<OrganizationDashboardLink, LinkFilters, LinkSortKey>('association', {
    path: '/api/admin/organization-dashboards',
    queryKey: adminKeys.links,
    filters: { q: '', organization: ALL },
    sort: { key: 'organizationName', direction: 'asc' },
    sortKeys: LINK_SORT_KEYS,
  });
  // The people the membership form offers: loaded when this tab opens.
  const users = useQuery(adminUsersQueryOptions());
  const filterFields: FilterField<LinkFilters>[] = [
    { key: 'q', label: 'Search', placeholder: 'Organization or dashboard' },
    {
      key: 'organization',
      label: 'Organization',
      options: filterChoices('All organizations', Object.fromEntries(organizations.map((o) => [String(o.id), o.name]))),
    },
  ];
  return (
    <ListWithForm
      list={
        <>
          <ListHeader title="Dashboard Associations" count={list.loaded ? list.total : undefined} />
          <FilterBar fields={filterFields} list={list} className="sm:grid-cols-2" />
          <DataTable
            label="Dashboard associations"
            data-testid="associations-table"
            columns={columns}
            rows={list.rows}
            rowKey={keyOf}
            sort={list.sort}
            loading={!list.loaded && !list.failed}
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
          <Pager name="association" label="associations" pager={list.pager} total={list.total} busy={list.fetching} />
        </>
      }
      form={
        <div className="flex flex-col gap-8">
          <LinkDashboardForm organizations={organizations} dashboards={dashboards} />
          <div className="border-t border-slate-200 pt-6 dark:border-slate-700">
            <AddOrganizationUserForm organizations={organizations} users={users.data ?? []} />
          </div>
        </div>
      }
    />
  );
}
