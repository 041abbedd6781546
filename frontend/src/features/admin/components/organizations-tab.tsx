import type { AdminOrganization, AdminOrganizationListItem } from '@app/contracts';
import { Link } from '@tanstack/react-router';
import { ExternalLink, Pencil, Plus, Power, PowerOff } from 'lucide-react';
import { Checkbox } from '../../../components/ui/checkbox';
import type { Column } from '../../../components/ui/table';
import { useToggleOrganizationStatus } from '../api/admin.mutations';
import { adminKeys } from '../api/admin.queries';
import { DeclaredSavePanel } from '../forms/declared-save-panel';
import { runWithToasts } from '../forms/edit-user-actions';
import { ORGANIZATION_FORM } from '../forms/organization-form';
import { AdminList } from '../kit/admin-list';
import type { RowMenu } from '../kit/admin-table';
import { activeRow } from '../kit/list-top';
import { entry } from '../kit/row-actions';
import { FormPanel, PanelButton } from '../kit/side-panel';
import { usePanel } from '../kit/use-panel';
import { useListView } from '../utils/use-list-view';
import { type FilterField, stateColumn } from './admin-panel';

export const deactivateOrganizationQuestion = (name: string) =>
  `Deactivate '${name}'? Every member of this organization loses access to its dashboards until it is activated again.`;

type OrganizationSortKey = 'id' | 'name' | 'domain' | 'isActive';
const ORGANIZATION_SORT_KEYS: readonly OrganizationSortKey[] = ['id', 'name', 'domain', 'isActive'];

const columns: Column<AdminOrganizationListItem, OrganizationSortKey>[] = [
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
  // How big a client it is, and whether its people sign in with their own identity provider (issue 27).
  { header: 'Members', className: 'tabular-nums', 'data-testid': 'organization-members', cell: (o) => o.memberCount },
  {
    header: 'Dashboards',
    className: 'tabular-nums',
    'data-testid': 'organization-dashboards',
    cell: (o) => o.dashboardCount,
  },
  { ...stateColumn('SSO', (o) => o.ssoEnabled, ['On', 'info'], ['Off', 'neutral']), 'data-testid': 'organization-sso' },
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
 * filters, sorts and pages, issue 18; the view is in the URL) at the section's full width; each row's actions in a
 * menu, create and edit in a side panel (issue 27). Single sign-on is set on the organization's page.
 */
export function OrganizationsTab() {
  const list = useListView<AdminOrganizationListItem, OrganizationFilters, OrganizationSortKey>('organization', {
    path: '/api/admin/organizations',
    queryKey: adminKeys.organizations,
    filters: { q: '', status: '' },
    // No sort key: the server's own order, active first (spec section 2).
    sort: { key: '' as OrganizationSortKey, direction: 'asc' },
    sortKeys: ORGANIZATION_SORT_KEYS,
  });
  const hideInactive = list.filters.status === 'active';
  const panel = usePanel(list.rows);
  const toggleStatus = useToggleOrganizationStatus();

  const toggle = (organization: AdminOrganization, close?: () => void) =>
    runWithToasts(
      () => toggleStatus.mutateAsync(organization.id),
      ['Organization status updated'],
      ['Error updating organization status', 'Failed to update organization status'],
      close,
    );

  const menu = (organization: AdminOrganizationListItem): RowMenu => ({
    target: organization.name,
    actions: [
      entry('edit', 'Edit', Pencil, 'organization-edit', { onSelect: () => panel.edit(organization) }),
      // Its page: members, dashboards, usage and single sign-on.
      entry('open', 'Open page', ExternalLink, 'organization-open-page', {
        to: '/admin/organizations/$organizationId',
        params: { organizationId: String(organization.id) },
      }),
      // Deactivating cuts off every member at once: asked first.
      organization.isActive
        ? entry('status', 'Deactivate', PowerOff, 'organization-toggle-status', {
            confirm: {
              title: 'Deactivate Organization',
              question: deactivateOrganizationQuestion(organization.name),
              pendingLabel: 'Updating...',
              pending: toggleStatus.isPending,
              onConfirm: (close) => void toggle(organization, close),
              'data-testid': 'deactivate-organization-dialog',
            },
          })
        : entry('status', 'Activate', Power, 'organization-toggle-status', {
            onSelect: () => void toggle(organization),
          }),
    ],
  });

  return (
    <>
      <AdminList
        list={list}
        title="Organizations"
        filters={filterFields}
        columns={columns}
        row={(o) => activeRow(o.isActive, 'text-slate-500 [&_td]:text-slate-500 dark:[&_td]:text-slate-400')}
        empty="No organizations found"
        menu={menu}
        actions={
          <div className="flex flex-wrap items-center gap-4">
            <Checkbox
              label="Hide inactive"
              checked={hideInactive}
              onCheckedChange={(checked) => list.setFilters({ status: checked ? 'active' : '' })}
              data-testid="organizations-hide-inactive"
            />
            <PanelButton icon={Plus} onClick={panel.create} data-testid="organization-create">
              New organization
            </PanelButton>
          </div>
        }
      />
      <FormPanel panel={panel} what="Organization">
        {(organization) => <DeclaredSavePanel form={ORGANIZATION_FORM} item={organization} onDone={panel.close} />}
      </FormPanel>
    </>
  );
}
