import type { AdminDashboard, AdminOrganization, AdminUser, OrganizationDashboardLink } from '@app/contracts';
import { EmptyRow, Table, TableScroll, Td, THead, Th, Tr } from '../../../components/ui/table';
import { AddOrganizationUserForm } from '../forms/add-organization-user-form';
import { LinkDashboardForm } from '../forms/link-dashboard-form';
import { ListHeader, ListWithForm } from './admin-panel';

/** Associations: which organization sees which dashboard (read-only table) and the forms that link them. */
export function AssociationsTab({
  links,
  organizations,
  dashboards,
  users,
}: {
  links: readonly OrganizationDashboardLink[];
  organizations: readonly AdminOrganization[];
  dashboards: readonly AdminDashboard[];
  users: readonly AdminUser[];
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
                </tr>
              </THead>
              <tbody>
                {rows.length === 0 ? (
                  <EmptyRow colSpan={4} data-testid="associations-empty">
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
                      key={`${link.organizationId}-${link.dashboardId}`}
                      data-testid="association-row"
                      data-organization-id={link.organizationId}
                      data-dashboard-id={link.dashboardId}
                    >
                      <Td className="font-medium">{link.organizationName}</Td>
                      <Td>{link.dashboardName}</Td>
                      <Td>{link.dashboardCategory}</Td>
                      <Td>{link.dashboardType}</Td>
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
