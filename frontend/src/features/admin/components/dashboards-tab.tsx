import type { AdminDashboard } from '@app/contracts';
import { DASHBOARD_CATEGORIES, DASHBOARD_TYPES } from '@app/contracts/api/dashboards';
import { useId, useState } from 'react';
import { controlClass } from '../../../components/form/field-shell';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { NativeSelect } from '../../../components/ui/select';
import { EmptyRow, SortableTh, Table, TableScroll, Td, THead, Th, Tr } from '../../../components/ui/table';
import { useDeleteDashboard } from '../api/admin.mutations';
import { DashboardForm } from '../forms/dashboard-form';
import {
  ALL,
  type DashboardFilters,
  type DashboardSortKey,
  emptyDashboardFilters,
  filterDashboards,
  nextSort,
  type SortState,
  sortDashboards,
  type Visibility,
} from '../utils/admin-lists';
import { formatDateTime } from '../utils/format';
import { notifyFailure, notifySuccess } from '../utils/notify';
import { FilterLabel, ListHeader, ListWithForm } from './admin-panel';

export const DELETE_DASHBOARD_QUESTION =
  'Are you sure you want to delete this dashboard? This action cannot be undone.';

const columns: { key: DashboardSortKey; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'category', label: 'Category' },
  { key: 'type', label: 'Type' },
  { key: 'isPublic', label: 'Public' },
];

/** Dashboards: filters, the sortable table (with views, D19) and the create / edit form beside it. */
export function DashboardsTab({ dashboards }: { dashboards: readonly AdminDashboard[] }) {
  const [filters, setFilters] = useState<DashboardFilters>(emptyDashboardFilters);
  const [sort, setSort] = useState<SortState<DashboardSortKey>>({ key: 'name', direction: 'asc' });
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const deleteDashboard = useDeleteDashboard();
  const rows = sortDashboards(filterDashboards(dashboards, filters), sort);
  const editing = dashboards.find((d) => d.id === editingId);
  const id = useId();
  const set = (patch: Partial<DashboardFilters>) => setFilters((current) => ({ ...current, ...patch }));

  const remove = async (dashboard: AdminDashboard) => {
    try {
      await deleteDashboard.mutateAsync(dashboard.id);
      setDeletingId(null);
      if (editingId === dashboard.id) setEditingId(null);
      notifySuccess('Dashboard deleted');
    } catch (error) {
      notifyFailure('Error deleting dashboard', error, 'Failed to delete dashboard');
    }
  };

  return (
    <ListWithForm
      list={
        <>
          <ListHeader title="Dashboards" count={rows.length} />
          <div className="mb-4 grid gap-3 sm:grid-cols-2 xl:grid-cols-4" data-testid="dashboard-filters">
            <FilterLabel label="Search by name" htmlFor={`${id}-name`}>
              <input
                id={`${id}-name`}
                type="search"
                value={filters.name}
                onChange={(event) => set({ name: event.target.value })}
                placeholder="Dashboard name"
                className={controlClass}
                data-testid="dashboard-filter-name"
              />
            </FilterLabel>
            <FilterLabel label="Category" htmlFor={`${id}-category`}>
              <NativeSelect
                id={`${id}-category`}
                value={filters.category}
                onChange={(event) => set({ category: event.target.value })}
                options={[
                  { value: ALL, label: 'All categories' },
                  ...DASHBOARD_CATEGORIES.map((c) => ({ value: c, label: c })),
                ]}
                data-testid="dashboard-filter-category"
              />
            </FilterLabel>
            <FilterLabel label="Type" htmlFor={`${id}-type`}>
              <NativeSelect
                id={`${id}-type`}
                value={filters.type}
                onChange={(event) => set({ type: event.target.value })}
                options={[{ value: ALL, label: 'All types' }, ...DASHBOARD_TYPES.map((t) => ({ value: t, label: t }))]}
                data-testid="dashboard-filter-type"
              />
            </FilterLabel>
            <FilterLabel label="Visibility" htmlFor={`${id}-visibility`}>
              <NativeSelect
                id={`${id}-visibility`}
                value={filters.visibility}
                onChange={(event) => set({ visibility: event.target.value as Visibility })}
                options={[
                  { value: 'all', label: 'All' },
                  { value: 'public', label: 'Public' },
                  { value: 'private', label: 'Private' },
                ]}
                data-testid="dashboard-filter-visibility"
              />
            </FilterLabel>
          </div>
          <TableScroll label="Dashboards" data-testid="dashboards-table">
            <Table>
              <THead>
                <tr>
                  {columns.map((column) => (
                    <SortableTh
                      key={column.key}
                      active={sort.key === column.key}
                      direction={sort.direction}
                      onSort={() => setSort((current) => nextSort(current, column.key))}
                      data-testid={`dashboard-sort-${column.key}`}
                    >
                      {column.label}
                    </SortableTh>
                  ))}
                  <Th>Views</Th>
                  <Th className="text-right">Actions</Th>
                </tr>
              </THead>
              <tbody>
                {rows.length === 0 ? (
                  <EmptyRow colSpan={6} data-testid="dashboards-empty">
                    No dashboards found
                  </EmptyRow>
                ) : (
                  rows.map((dashboard) => (
                    <Tr key={dashboard.id} data-testid="dashboard-row" data-id={dashboard.id}>
                      <Td className="min-w-36 font-medium">{dashboard.name}</Td>
                      <Td>{dashboard.category}</Td>
                      <Td>{dashboard.type}</Td>
                      <Td>
                        <Badge variant={dashboard.isPublic ? 'info' : 'neutral'}>
                          {dashboard.isPublic ? 'Public' : 'Private'}
                        </Badge>
                      </Td>
                      <Td className="whitespace-nowrap">
                        <span className="block tabular-nums" data-testid="dashboard-view-count">
                          {dashboard.viewCount}
                        </span>
                        <span className="block text-xs text-slate-600 dark:text-slate-400">
                          Last:{' '}
                          <span data-testid="dashboard-last-viewed">{formatDateTime(dashboard.lastViewedAt)}</span>
                        </span>
                      </Td>
                      <Td>
                        <div className="flex flex-col items-stretch gap-2">
                          <Button
                            size="sm"
                            variant="outline"
                            onClick={() => setEditingId(dashboard.id)}
                            aria-label={`Edit ${dashboard.name}`}
                            data-testid="dashboard-edit"
                          >
                            Edit
                          </Button>
                          <ConfirmDialog
                            open={deletingId === dashboard.id}
                            onOpenChange={(open) => setDeletingId(open ? dashboard.id : null)}
                            trigger={
                              <Button
                                size="sm"
                                variant="destructive"
                                aria-label={`Delete ${dashboard.name}`}
                                data-testid="dashboard-delete"
                              >
                                Delete
                              </Button>
                            }
                            title="Delete Dashboard"
                            question={DELETE_DASHBOARD_QUESTION}
                            confirmLabel="Delete"
                            pendingLabel="Deleting..."
                            pending={deleteDashboard.isPending}
                            onConfirm={() => void remove(dashboard)}
                            data-testid="delete-dashboard-dialog"
                          />
                        </div>
                      </Td>
                    </Tr>
                  ))
                )}
              </tbody>
            </Table>
          </TableScroll>
        </>
      }
      form={<DashboardForm key={editing?.id ?? 'new'} dashboard={editing} onDone={() => setEditingId(null)} />}
    />
  );
}
