import type { AdminDashboard, DashboardSharing } from '@app/contracts';
import { DASHBOARD_CATEGORIES, DASHBOARD_TYPES } from '@app/contracts/api/dashboards';
import { PUBLIC_SHARE_LINK_WARNING } from '@app/contracts/api/embedding';
import { useRouterState } from '@tanstack/react-router';
import { Eye, Plus } from 'lucide-react';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import type { Column } from '../../../components/ui/table';
import { useDeleteDashboard } from '../api/admin.mutations';
import { adminKeys } from '../api/admin.queries';
import { DashboardForm } from '../forms/dashboard-form';
import { AdminList } from '../kit/admin-list';
import type { RowMenu } from '../kit/admin-table';
import { deleteAction, editAction } from '../kit/common-actions';
import { FormPanel, PanelButton } from '../kit/side-panel';
import { usePanel } from '../kit/use-panel';
import {
  type DashboardFilters,
  type DashboardSortKey,
  emptyDashboardFilters,
  PUBLIC_LINK_FILTER,
} from '../utils/admin-lists';
import { EMBED_MODE_LABELS } from '../utils/embed';
import { formatDateTime } from '../utils/format';
import { notifyFailure, notifySuccess } from '../utils/notify';
import { useListView } from '../utils/use-list-view';
import { type FilterField, filterChoices, stateColumn } from './admin-panel';
import { StatusStack } from './admin-parts';

export const DELETE_DASHBOARD_QUESTION =
  'Are you sure you want to delete this dashboard? This action cannot be undone.';

const filterFields: FilterField<DashboardFilters>[] = [
  { key: 'name', label: 'Search by name', placeholder: 'Dashboard name' },
  { key: 'category', label: 'Category', options: filterChoices('All categories', DASHBOARD_CATEGORIES) },
  { key: 'type', label: 'Type', options: filterChoices('All types', DASHBOARD_TYPES) },
  { key: 'visibility', label: 'Visibility', options: filterChoices('All', { public: 'Public', private: 'Private' }) },
  {
    key: 'embed',
    label: 'Embed',
    options: filterChoices('All', { ...EMBED_MODE_LABELS, [PUBLIC_LINK_FILTER]: 'Public share links' }),
  },
];

const columns: Column<AdminDashboard, DashboardSortKey>[] = [
  { header: 'Name', sortKey: 'name', className: 'min-w-36 font-medium', cell: (d) => d.name },
  { header: 'Category', sortKey: 'category', cell: (d) => d.category },
  {
    header: 'Type',
    sortKey: 'type',
    // The embed mode under the type (issue 14), and a public share link marked: anyone who has it sees the data.
    cell: (d) => (
      <span className="flex flex-col items-start gap-1">
        <span>{d.type}</span>
        <span className="text-xs whitespace-nowrap text-slate-600 dark:text-slate-400">
          Embed: <span data-testid="dashboard-embed">{EMBED_MODE_LABELS[d.embedMode]}</span>
        </span>
        {d.sharing ? <SharingStatus sharing={d.sharing} /> : null}
        {d.targetProblem ? (
          // Issue 29: the nightly check found its Power BI report or workspace gone.
          <span className="flex max-w-56 flex-col items-start gap-1 text-xs" data-testid="dashboard-report-gone">
            <Badge variant="danger">Report gone</Badge>
            <span className="break-words text-red-700 dark:text-red-400">{d.targetProblem}</span>
          </span>
        ) : null}
        {d.publicShareLink ? (
          // The warning is the badge's tooltip, and read out with it ('relative' keeps the screen reader text inside
          // the table's scrolling area, not widening the page).
          <span title={PUBLIC_SHARE_LINK_WARNING} className="relative" data-testid="dashboard-public-link">
            <Badge variant="warning">Public link</Badge>
            <span className="sr-only">{`: ${PUBLIC_SHARE_LINK_WARNING}`}</span>
          </span>
        ) : null}
      </span>
    ),
  },
  stateColumn('Public', (d) => d.isPublic, ['Public', 'info'], ['Private', 'neutral'], 'isPublic'),
  {
    header: 'Views',
    className: 'whitespace-nowrap',
    cell: (d) => (
      <>
        <span className="block tabular-nums" data-testid="dashboard-view-count">
          {d.viewCount}
        </span>
        <span className="block text-xs text-slate-600 dark:text-slate-400">
          Last: <span data-testid="dashboard-last-viewed">{formatDateTime(d.lastViewedAt)}</span>
        </span>
      </>
    ),
  },
];

type Sharing = NonNullable<DashboardSharing>;

const SHARING_BADGES = {
  'in-step': ['In step', 'success'],
  pending: ['Pending', 'info'],
  failing: ['Failing', 'danger'],
} as const satisfies Record<Sharing['state'], readonly [string, BadgeVariant]>;

/**
 * A Looker Studio dashboard's sharing (issue 28): whether its viewers are exactly the people of its organizations
 * ('In step'), a change is on its way ('Pending'), or the last try failed (with why, until it succeeds), and since when
 * it was last in step.
 */
function SharingStatus({ sharing }: { sharing: Sharing }) {
  const [label, variant] = SHARING_BADGES[sharing.state];
  return (
    <StatusStack data-testid="dashboard-sharing" state={sharing.state} muted>
      <span className="flex items-center gap-1 whitespace-nowrap">
        Sharing: <Badge variant={variant}>{label}</Badge>
      </span>
      {sharing.error ? (
        <span className="max-w-56 break-words text-red-700 dark:text-red-400" data-testid="dashboard-sharing-error">
          {sharing.error}
        </span>
      ) : null}
      <span>
        Last in step: <span data-testid="dashboard-sharing-synced">{formatDateTime(sharing.lastSyncedAt)}</span>
      </span>
    </StatusStack>
  );
}

const DASHBOARD_SORT_KEYS: readonly DashboardSortKey[] = ['name', 'category', 'type', 'isPublic'];

/**
 * Dashboards: filters, one page of the sortable table (with views, D19; the server filters, sorts and pages, issue
 * 18; the view is in the URL) at the section's full width; each row's actions in a menu, create and edit in a side
 * panel (issue 27).
 */
export function DashboardsTab() {
  const list = useListView<AdminDashboard, DashboardFilters, DashboardSortKey>('dashboard', {
    path: '/api/admin/dashboards-direct',
    queryKey: adminKeys.dashboards,
    filters: emptyDashboardFilters,
    sort: { key: 'name', direction: 'asc' },
    sortKeys: DASHBOARD_SORT_KEYS,
  });
  const panel = usePanel(list.rows);
  const deleteDashboard = useDeleteDashboard();
  // The list as it is now (page, sort, filters): where 'Exit preview' comes back to (issue 27).
  const here = useRouterState({ select: (state) => state.location.href });

  const remove = async (dashboard: AdminDashboard, close: () => void) => {
    try {
      await deleteDashboard.mutateAsync(dashboard.id);
      close();
      if (panel.isEditing(dashboard)) panel.close();
      notifySuccess('Dashboard deleted');
    } catch (error) {
      notifyFailure('Error deleting dashboard', error, 'Failed to delete dashboard');
    }
  };

  const menu = (dashboard: AdminDashboard): RowMenu => ({
    target: dashboard.name,
    actions: [
      editAction(() => panel.edit(dashboard), 'dashboard-edit'),
      // The viewer, where an admin previews a dashboard as any linked organization.
      {
        value: 'preview',
        label: 'Preview',
        icon: <Eye aria-hidden="true" className="size-4" />,
        to: '/client/dashboard/$id',
        params: { id: String(dashboard.id) },
        search: { from: here },
        'data-testid': 'dashboard-preview',
      },
      deleteAction(
        {
          title: 'Delete Dashboard',
          question: DELETE_DASHBOARD_QUESTION,
          pending: deleteDashboard.isPending,
          onConfirm: (close) => void remove(dashboard, close),
          'data-testid': 'delete-dashboard-dialog',
        },
        'dashboard-delete',
      ),
    ],
  });

  return (
    <>
      <AdminList
        list={list}
        title="Dashboards"
        filters={filterFields}
        columns={columns}
        empty="No dashboards found"
        menu={menu}
        actions={
          <PanelButton icon={Plus} onClick={panel.create} data-testid="dashboard-create">
            New dashboard
          </PanelButton>
        }
      />
      <FormPanel panel={panel} what="Dashboard">
        {(dashboard) => <DashboardForm dashboard={dashboard} onDone={panel.close} />}
      </FormPanel>
    </>
  );
}
