import type { AdminOrganization } from '@app/contracts';
import { Link } from '@tanstack/react-router';
import { Checkbox } from '../../../components/ui/checkbox';
import { type Column, DataTable } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { useToggleOrganizationStatus } from '../api/admin.mutations';
import { adminKeys } from '../api/admin.queries';
import { OrganizationForm } from '../forms/organization-form';
import { notifyFailure, notifySuccess } from '../utils/notify';
import { useListView } from '../utils/use-list-view';
import {
  ConfirmAction,
  FilterBar,
  type FilterField,
  ListHeader,
  ListWithForm,
  RowButton,
  stateColumn,
  useEditing,
} from './admin-panel';
import { OrganizationSsoButton } from './organization-sso-dialog';
import { Pager } from './pager';

export const deactivateOrganizationQuestion = (name: string) =>
  `Deactivate '${name}'? Every member of this organization loses access to its dashboards until it is activated again.`;

type OrganizationSortKey = 'id' | 'name' | 'domain' | 'isActive';
const ORGANIZATION_SORT_KEYS: readonly OrganizationSortKey[] = ['id', 'name', 'domain', 'isActive'];

const columns: Column<AdminOrganization, OrganizationSortKey>[] = [
  { header: 'ID', sortKey: 'id', className: 'tabular-nums', cell: (o) => o.id },
  {
    header: 'Name',
    sortKey: 'name',
    className: 'font-medium',
    // The organization's page: everything about this client (issue 27).
    cell: (o) => (
      <Link
        to="/admin/organizations/$organizationId"
        params={{ organizationId: String(o.id) }}
        className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
        data-testid="organization-open"
      >
        {o.name}
      </Link>
    ),
  },
  {
    header: 'Domain',
    sortKey: 'domain',
    // The Google group its Looker Studio reports are shared with, when it names one (issue 28).
    cell: (o) => (
      <>
        <span className="block">{o.domain || '-'}</span>
        {o.googleGroup ? (
          <span className="block text-xs break-all text-slate-600 dark:text-slate-400" data-testid="organization-group">
            Group: {o.googleGroup}
          </span>
        ) : null}
      </>
    ),
  },
  stateColumn('Status', (o) => o.isActive, ['Active', 'success'], ['Inactive', 'neutral'], 'isActive'),
];

interface OrganizationFilters {
  q: string;
  /** 'active' when 'Hide inactive' is ticked. */
  status: string;
}

const filterFields: FilterField<OrganizationFilters>[] = [{ key: 'q', label: 'Search', placeholder: 'Name or domain' }];

/**
 * Organizations: one page of the table (active first, inactive dimmed, unless sorted otherwise; the server searches,
 * filters, sorts and pages, issue 18; the view is in the URL) and the create / edit form beside it.
 */
export function OrganizationsTab() {
  const list = useListView<AdminOrganization, OrganizationFilters, OrganizationSortKey>('organization', {
    path: '/api/admin/organizations',
    queryKey: adminKeys.organizations,
    filters: { q: '', status: '' },
    // No sort key: the server's own order, active first (spec section 2).
    sort: { key: '' as OrganizationSortKey, direction: 'asc' },
    sortKeys: ORGANIZATION_SORT_KEYS,
  });
  const rows = list.rows;
  const hideInactive = list.filters.status === 'active';
  const edit = useEditing(rows, 'organization');
  const toggleStatus = useToggleOrganizationStatus();

  const toggle = async (organization: AdminOrganization, close?: () => void) => {
    try {
      await toggleStatus.mutateAsync(organization.id);
      close?.();
      notifySuccess('Organization status updated');
    } catch (error) {
      close?.();
      notifyFailure('Error updating organization status', error, 'Failed to update organization status');
    }
  };

  const actions = (organization: AdminOrganization) => {
    const pending = toggleStatus.isPending && toggleStatus.variables === organization.id;
    return (
      // Three actions: they wrap rather than push the table past its box beside the form.
      <div className="flex flex-wrap justify-end gap-2">
        {edit.button(organization, organization.name)}
        <OrganizationSsoButton organization={organization} />
        {organization.isActive ? (
          // Deactivating cuts off every member at once: asked first.
          <ConfirmAction
            label="Deactivate"
            target={organization.name}
            variant="secondary"
            data-testid="organization-toggle-status"
            title="Deactivate Organization"
            question={deactivateOrganizationQuestion(organization.name)}
            pendingLabel="Updating..."
            pending={pending}
            onConfirm={(close) => void toggle(organization, close)}
            dialogTestId="deactivate-organization-dialog"
          />
        ) : (
          <RowButton
            label="Activate"
            target={organization.name}
            variant="primary"
            disabled={pending}
            onClick={() => void toggle(organization)}
            data-testid="organization-toggle-status"
          />
        )}
      </div>
    );
  };

  return (
    <ListWithForm
      list={
        <>
          <ListHeader title="Organizations" count={list.loaded ? list.total : undefined}>
            <Checkbox
              label="Hide inactive"
              checked={hideInactive}
              onCheckedChange={(checked) => list.setFilters({ status: checked ? 'active' : '' })}
              data-testid="organizations-hide-inactive"
            />
          </ListHeader>
          <FilterBar fields={filterFields} list={list} className="sm:grid-cols-2" />
          <DataTable
            label="Organizations"
            data-testid="organizations-table"
            columns={[...columns, { header: 'Actions', headerClassName: 'text-right', cell: actions }]}
            rows={rows}
            rowKey={(o) => o.id}
            row={(o) => ({
              className: cn(
                !o.isActive &&
                  'bg-slate-50 text-slate-500 dark:bg-slate-950/40 [&_td]:text-slate-500 dark:[&_td]:text-slate-400',
              ),
              'data-testid': 'organization-row',
              'data-id': o.id,
              'data-active': o.isActive,
            })}
            empty="No organizations found"
            emptyTestId="organizations-empty"
            sort={list.sort}
            loading={!list.loaded && !list.failed}
          />
          <Pager name="organization" label="organizations" pager={list.pager} total={list.total} busy={list.fetching} />
        </>
      }
      form={<OrganizationForm key={edit.editing?.id ?? 'new'} organization={edit.editing} onDone={edit.stop} />}
    />
  );
}
