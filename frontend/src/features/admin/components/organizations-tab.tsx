import type { AdminOrganization } from '@app/contracts';
import { useState } from 'react';
import { Checkbox } from '../../../components/ui/checkbox';
import { type Column, DataTable } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { useToggleOrganizationStatus } from '../api/admin.mutations';
import { OrganizationForm } from '../forms/organization-form';
import { visibleOrganizations } from '../utils/admin-lists';
import { notifyFailure, notifySuccess } from '../utils/notify';
import { ConfirmAction, ListHeader, ListWithForm, RowButton, stateColumn, useEditing } from './admin-panel';
import { OrganizationSsoButton } from './organization-sso-dialog';

export const deactivateOrganizationQuestion = (name: string) =>
  `Deactivate '${name}'? Every member of this organization loses access to its dashboards until it is activated again.`;

const columns: Column<AdminOrganization>[] = [
  { header: 'ID', className: 'tabular-nums', cell: (o) => o.id },
  { header: 'Name', className: 'font-medium', cell: (o) => o.name },
  { header: 'Domain', cell: (o) => o.domain || '-' },
  stateColumn('Status', (o) => o.isActive, ['Active', 'success'], ['Inactive', 'neutral']),
];

/** Organizations: the table (active first, inactive dimmed) and the create / edit form beside it. */
export function OrganizationsTab({ organizations }: { organizations: readonly AdminOrganization[] }) {
  const [hideInactive, setHideInactive] = useState(false);
  const edit = useEditing(organizations, 'organization');
  const toggleStatus = useToggleOrganizationStatus();
  const rows = visibleOrganizations(organizations, { hideInactive });

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
      <div className="flex justify-end gap-2">
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
          <ListHeader title="Organizations" count={rows.length}>
            <Checkbox
              label="Hide inactive"
              checked={hideInactive}
              onCheckedChange={setHideInactive}
              data-testid="organizations-hide-inactive"
            />
          </ListHeader>
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
          />
        </>
      }
      form={<OrganizationForm key={edit.editing?.id ?? 'new'} organization={edit.editing} onDone={edit.stop} />}
    />
  );
}
