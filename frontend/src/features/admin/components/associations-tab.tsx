import type { AdminDashboard, AdminOrganization, OrganizationDashboardLink } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link2, SlidersHorizontal, Unlink, UserPlus } from 'lucide-react';
import type { Column } from '../../../components/ui/table';
import { adminKeys, adminUsersQueryOptions } from '../api/admin.queries';
import { AddOrganizationUserForm } from '../forms/add-organization-user-form';
import { EditScopeForm, editScopeDescription } from '../forms/edit-scope-dialog';
import { LinkDashboardForm } from '../forms/link-dashboard-form';
import { AdminList } from '../kit/admin-list';
import type { RowMenu } from '../kit/admin-table';
import { entry } from '../kit/row-actions';
import { PanelButton, SidePanel } from '../kit/side-panel';
import { usePanel } from '../kit/use-panel';
import { ALL } from '../utils/admin-lists';
import { takesScope } from '../utils/scope-draft';
import { useListView } from '../utils/use-list-view';
import { type FilterField, filterChoices } from './admin-panel';
import { DataScopeSummary, LinkStatus, useUnlink } from './link-parts';

const keyOf = (link: OrganizationDashboardLink) => `${link.organizationId}-${link.dashboardId}`;

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
];

interface LinkFilters {
  q: string;
  organization: string;
}

/**
 * Access: which organization sees which dashboard, one page at a time (the server searches, filters, sorts and pages,
 * issue 18; the view is in the URL) at the section's full width, with whether each link is in step; each row's
 * actions in a menu (unlinking asked first); linking, adding a member and editing a scope in a side panel (issue 27).
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
  // Linking or editing a link's scope; adding a member.
  const panel = usePanel(list.rows, keyOf);
  const memberPanel = usePanel<never>([]);
  const unlink = useUnlink();
  // The people the membership form offers: loaded when its panel opens.
  const users = useQuery({ ...adminUsersQueryOptions(), enabled: memberPanel.open });
  const filterFields: FilterField<LinkFilters>[] = [
    { key: 'q', label: 'Search', placeholder: 'Organization or dashboard' },
    {
      key: 'organization',
      label: 'Organization',
      options: filterChoices('All organizations', Object.fromEntries(organizations.map((o) => [String(o.id), o.name]))),
    },
  ];
  const statusColumn: Column<OrganizationDashboardLink, LinkSortKey> = {
    header: 'Status',
    cell: (link) => (
      <LinkStatus
        link={link}
        dashboard={dashboards.find((d) => d.id === link.dashboardId)}
        organization={organizations.find((o) => o.id === link.organizationId)}
      />
    ),
  };

  const menu = (link: OrganizationDashboardLink): RowMenu => ({
    target: `${link.dashboardName} for ${link.organizationName}`,
    actions: [
      ...(takesScope(link.dashboardEmbedMode)
        ? [
            entry('scope', 'Edit scope', SlidersHorizontal, 'association-edit-scope', {
              onSelect: () => panel.edit(link),
            }),
          ]
        : []),
      entry('unlink', 'Unlink', Unlink, 'association-unlink', {
        confirm: unlink(link, () => {
          if (panel.isEditing(link)) panel.close();
        }),
      }),
    ],
  });
  // The link whose scope is being edited, with its provider.
  const mode = panel.editing?.dashboardEmbedMode;
  const scoped = panel.editing && takesScope(mode) ? { link: panel.editing, mode } : undefined;

  return (
    <>
      <AdminList
        list={list}
        title="Dashboard Associations"
        label="Dashboard associations"
        filters={filterFields}
        columns={[...columns, statusColumn]}
        rowKey={keyOf}
        row={(link) => ({
          'data-organization-id': link.organizationId,
          'data-dashboard-id': link.dashboardId,
        })}
        empty={
          <>
            <span className="block font-medium text-slate-800 dark:text-slate-200">
              No dashboard associations found
            </span>
            <span className="mt-1 block">Use 'Link dashboard' to give an organization a dashboard.</span>
          </>
        }
        menu={menu}
        actions={
          <div className="flex flex-wrap gap-2">
            <PanelButton icon={UserPlus} variant="outline" onClick={memberPanel.create} data-testid="member-create">
              Add member
            </PanelButton>
            <PanelButton icon={Link2} onClick={panel.create} data-testid="link-create">
              Link dashboard
            </PanelButton>
          </div>
        }
      />
      <SidePanel
        {...panel.sidePanel}
        title={scoped ? 'Edit Data Scope' : 'Link Dashboard to Organization'}
        hideTitle={!scoped}
        {...(scoped && { description: editScopeDescription(scoped.link, scoped.mode) })}
        data-testid={scoped ? 'edit-scope-dialog' : 'link-panel'}
      >
        {scoped ? (
          <EditScopeForm key={keyOf(scoped.link)} link={scoped.link} mode={scoped.mode} onClose={panel.close} />
        ) : (
          <LinkDashboardForm organizations={organizations} dashboards={dashboards} onDone={panel.close} />
        )}
      </SidePanel>
      <SidePanel {...memberPanel.sidePanel} title="Add User to Organization" hideTitle data-testid="member-panel">
        <AddOrganizationUserForm organizations={organizations} users={users.data ?? []} onDone={memberPanel.close} />
      </SidePanel>
    </>
  );
}
