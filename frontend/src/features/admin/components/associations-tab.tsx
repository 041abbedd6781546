import type { AdminDashboard, AdminOrganization, OrganizationDashboardLink, User } from '@app/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyRow, Table, TableScroll, Td, THead, Th, Tr } from '../../../components/ui/table';
import { useUnlinkDashboard } from '../api/admin.mutations';
import { AddOrganizationUserForm } from '../forms/add-organization-user-form';
import { LinkDashboardForm } from '../forms/link-dashboard-form';
import { notifyFailure, notifySuccess } from '../utils/notify';
import { ListHeader, ListWithForm } from './admin-panel';

const keyOf = (link: OrganizationDashboardLink) => `${link.organizationId}-${link.dashboardId}`;

export const unlinkQuestion = (link: OrganizationDashboardLink) =>
  `Unlink '${link.dashboardName}' from '${link.organizationName}'? Its members will no longer see this dashboard.`;

/** The Unlink action of one association row, asked first. */
function UnlinkButton({ link }: { link: OrganizationDashboardLink }) {
  const [open, setOpen] = useState(false);
  const unlink = useUnlinkDashboard();
  const confirm = async () => {
    try {
      await unlink.mutateAsync({ organizationId: link.organizationId, dashboardId: link.dashboardId });
      setOpen(false);
      notifySuccess('Dashboard unlinked from organization');
    } catch (error) {
      setOpen(false);
      notifyFailure('Error unlinking dashboard', error, 'Failed to unlink dashboard');
    }
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          size="sm"
          variant="outline"
          aria-label={`Unlink ${link.dashboardName} from ${link.organizationName}`}
          data-testid="association-unlink"
        >
          Unlink
        </Button>
      }
      title="Unlink Dashboard"
      question={unlinkQuestion(link)}
      confirmLabel="Unlink"
      pendingLabel="Unlinking..."
      pending={unlink.isPending}
      onConfirm={() => void confirm()}
      data-testid="unlink-dashboard-dialog"
    />
  );
}

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
          <TableScroll label="Dashboard associations" data-testid="associations-table">
            <Table>
              <THead>
                <tr>
                  <Th>Organization</Th>
                  <Th>Dashboard</Th>
                  <Th>Category</Th>
                  <Th>Type</Th>
                  <Th className="text-right">Actions</Th>
                </tr>
              </THead>
              <tbody>
                {rows.length === 0 ? (
                  <EmptyRow colSpan={5} data-testid="associations-empty">
                    <span className="block font-medium text-slate-800 dark:text-slate-200">
                      No dashboard associations found
                    </span>
                    <span className="mt-1 block">
                      Use the 'Link Dashboard to Organization' form to give an organization a dashboard.
                    </span>
                  </EmptyRow>
                ) : (
                  rows.map((link) => (
                    <Tr
                      key={keyOf(link)}
                      data-testid="association-row"
                      data-organization-id={link.organizationId}
                      data-dashboard-id={link.dashboardId}
                    >
                      <Td className="font-medium">{link.organizationName}</Td>
                      <Td>{link.dashboardName}</Td>
                      <Td>{link.dashboardCategory}</Td>
                      <Td>{link.dashboardType}</Td>
                      <Td className="text-right">
                        <UnlinkButton link={link} />
                      </Td>
                    </Tr>
                  ))
                )}
              </tbody>
            </Table>
          </TableScroll>
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
