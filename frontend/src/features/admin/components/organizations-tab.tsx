import type { AdminOrganization } from '@app/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyRow, Table, TableScroll, Td, THead, Th, Tr } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { useToggleOrganizationStatus } from '../api/admin.mutations';
import { OrganizationForm } from '../forms/organization-form';
import { visibleOrganizations } from '../utils/admin-lists';
import { notifyFailure, notifySuccess } from '../utils/notify';
import { ListHeader, ListWithForm } from './admin-panel';

export const deactivateOrganizationQuestion = (name: string) =>
  `Deactivate '${name}'? Every member of this organization loses access to its dashboards until it is activated again.`;

/** Organizations: the table (active first, inactive dimmed) and the create / edit form beside it. */
export function OrganizationsTab({ organizations }: { organizations: readonly AdminOrganization[] }) {
  const [hideInactive, setHideInactive] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [confirmingId, setConfirmingId] = useState<number | null>(null);
  const toggleStatus = useToggleOrganizationStatus();
  const rows = visibleOrganizations(organizations, { hideInactive });
  const editing = organizations.find((o) => o.id === editingId);

  const toggle = async (organization: AdminOrganization) => {
    try {
      await toggleStatus.mutateAsync(organization.id);
      setConfirmingId(null);
      notifySuccess('Organization status updated');
    } catch (error) {
      setConfirmingId(null);
      notifyFailure('Error updating organization status', error, 'Failed to update organization status');
    }
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
          <TableScroll label="Organizations" data-testid="organizations-table">
            <Table>
              <THead>
                <tr>
                  <Th>ID</Th>
                  <Th>Name</Th>
                  <Th>Domain</Th>
                  <Th>Status</Th>
                  <Th className="text-right">Actions</Th>
                </tr>
              </THead>
              <tbody>
                {rows.length === 0 ? (
                  <EmptyRow colSpan={5} data-testid="organizations-empty">
                    No organizations found
                  </EmptyRow>
                ) : (
                  rows.map((organization) => (
                    <Tr
                      key={organization.id}
                      className={cn(
                        !organization.isActive &&
                          'bg-slate-50 text-slate-500 dark:bg-slate-950/40 [&_td]:text-slate-500 dark:[&_td]:text-slate-400',
                      )}
                      data-testid="organization-row"
                      data-id={organization.id}
                      data-active={organization.isActive}
                    >
                      <Td className="tabular-nums">{organization.id}</Td>
                      <Td className="font-medium">{organization.name}</Td>
                      <Td>{organization.domain || '-'}</Td>
                      <Td>
                        <Badge variant={organization.isActive ? 'success' : 'neutral'}>
                          {organization.isActive ? 'Active' : 'Inactive'}
                        </Badge>
                      </Td>
                      <Td>
                        <div className="flex justify-end gap-2">
                          <Button
                            size="sm"
                            variant="outline"
                            onClick={() => setEditingId(organization.id)}
                            aria-label={`Edit ${organization.name}`}
                            data-testid="organization-edit"
                          >
                            Edit
                          </Button>
                          {organization.isActive ? (
                            // Deactivating cuts off every member at once: asked first.
                            <ConfirmDialog
                              open={confirmingId === organization.id}
                              onOpenChange={(open) => setConfirmingId(open ? organization.id : null)}
                              trigger={
                                <Button
                                  size="sm"
                                  variant="secondary"
                                  aria-label={`Deactivate ${organization.name}`}
                                  data-testid="organization-toggle-status"
                                >
                                  Deactivate
                                </Button>
                              }
                              title="Deactivate Organization"
                              question={deactivateOrganizationQuestion(organization.name)}
                              confirmLabel="Deactivate"
                              pendingLabel="Updating..."
                              pending={toggleStatus.isPending && toggleStatus.variables === organization.id}
                              onConfirm={() => void toggle(organization)}
                              data-testid="deactivate-organization-dialog"
                            />
                          ) : (
                            <Button
                              size="sm"
                              variant="primary"
                              disabled={toggleStatus.isPending && toggleStatus.variables === organization.id}
                              onClick={() => void toggle(organization)}
                              aria-label={`Activate ${organization.name}`}
                              data-testid="organization-toggle-status"
                            >
                              Activate
                            </Button>
                          )}
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
      form={<OrganizationForm key={editing?.id ?? 'new'} organization={editing} onDone={() => setEditingId(null)} />}
    />
  );
}
