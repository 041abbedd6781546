import type { AdminOrganization, User } from '@app/contracts';
import { UserPlus } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import type { Column } from '../../../components/ui/table';
import { adminKeys } from '../api/admin.queries';
import { EditUserForm } from '../forms/edit-user-form';
import { NewUserForm } from '../forms/new-user-form';
import { AdminList } from '../kit/admin-list';
import { activeRow } from '../kit/list-top';
import { PanelButton, SidePanel } from '../kit/side-panel';
import { usePanel } from '../kit/use-panel';
import { emptyUserFilters, fullName, type UserFilters, type UserSortKey } from '../utils/admin-lists';
import { formatDateTime } from '../utils/format';
import { useListView } from '../utils/use-list-view';
import { type FilterField, filterChoices, stateColumn } from './admin-panel';
import { UserStatus, useUserMenu } from './user-menu';

const filterFields: FilterField<UserFilters>[] = [
  { key: 'email', label: 'Email', placeholder: 'Search email' },
  { key: 'name', label: 'Name', placeholder: 'Search name' },
  { key: 'userType', label: 'User type', options: filterChoices('All', { admin: 'Admin', user: 'User' }) },
  {
    key: 'login',
    label: 'Login',
    options: filterChoices('All', { 'logged-in': 'Has logged in', never: 'Never logged in' }),
  },
  {
    key: 'setup',
    label: 'Account setup',
    options: filterChoices('All', { complete: 'Setup complete', pending: 'Setup pending' }),
  },
  { key: 'status', label: 'Status', options: filterChoices('All', { active: 'Active', inactive: 'Inactive' }) },
];

const organizationBadges = (user: User) =>
  user.organizations.length === 0 ? (
    <span className="text-slate-600 dark:text-slate-400">No organizations</span>
  ) : (
    <div className="flex flex-wrap gap-1" data-testid="user-organizations">
      {user.organizations.map((o) => (
        <Badge key={o.id} variant="neutral" className="whitespace-normal! [overflow-wrap:anywhere]">
          {o.name}
        </Badge>
      ))}
    </div>
  );

const USER_SORT_KEYS: readonly UserSortKey[] = ['email', 'name', 'lastLoginAt', 'isAdmin'];

/**
 * Users: six filters, the sortable table of one page (the server filters, sorts and pages, issue 18; the view is in
 * the URL) at the section's full width, the pager; each row's actions in a menu (deactivating and deleting asked
 * first), 'Create New User' and the editor in a side panel (issue 27).
 */
export function UsersTab({
  organizations,
  currentUserId,
}: {
  organizations: readonly AdminOrganization[];
  currentUserId: number | undefined;
}) {
  const list = useListView<User, UserFilters, UserSortKey>('user', {
    path: '/api/admin/users',
    queryKey: adminKeys.users,
    filters: emptyUserFilters,
    sort: { key: 'email', direction: 'asc' },
    sortKeys: USER_SORT_KEYS,
  });
  const panel = usePanel(list.rows);
  const { editing } = panel;

  const menu = useUserMenu({
    edit: panel.edit,
    afterDelete: (user) => {
      if (panel.isEditing(user)) panel.close();
    },
    currentUserId,
  });

  const columns: Column<User, UserSortKey>[] = [
    {
      header: 'Email',
      sortKey: 'email',
      className: 'min-w-48 font-medium [overflow-wrap:anywhere]',
      'data-testid': 'user-email',
      cell: (user) => (
        <>
          {user.email}
          {user.id === currentUserId ? (
            <Badge variant="info" className="ml-2">
              You
            </Badge>
          ) : null}
          {user.googleAccount ? (
            <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">
              Google: {user.googleAccount}
            </span>
          ) : null}
        </>
      ),
    },
    {
      header: 'Name',
      sortKey: 'name',
      className: 'min-w-28',
      'data-testid': 'user-name',
      cell: (u) => (
        <>
          {fullName(u) || '-'}
          <span className="block text-xs text-slate-600 2xl:hidden dark:text-slate-400">
            Last login: {formatDateTime(u.lastLoginAt)}
          </span>
        </>
      ),
    },
    { header: 'Status', cell: (user) => <UserStatus user={user} /> },
    { header: 'Organizations', className: 'min-w-40', cell: organizationBadges },
    {
      header: 'Last Login',
      sortKey: 'lastLoginAt',
      // Beside the admin's sidebar the table fits 1280 px only without it: its own column from 1536 px, under the name
      // below that.
      className: 'hidden min-w-24 2xl:table-cell',
      headerClassName: 'hidden 2xl:table-cell',
      'data-testid': 'user-last-login',
      cell: (user) => formatDateTime(user.lastLoginAt),
    },
    stateColumn('Admin', (user) => user.isAdmin, ['Admin', 'info'], ['User', 'neutral'], 'isAdmin'),
  ];

  return (
    <>
      <AdminList
        list={list}
        title="Users"
        filters={filterFields}
        columns={columns}
        row={(user) => activeRow(user.isActive)}
        empty={list.failed && !list.loaded ? 'The users could not be loaded.' : 'No users found'}
        menu={menu}
        actions={
          <PanelButton icon={UserPlus} onClick={panel.create} data-testid="create-user-button">
            Create New User
          </PanelButton>
        }
      />
      <SidePanel
        {...panel.sidePanel}
        title={editing ? 'Edit User' : 'Create New User'}
        description={
          editing
            ? editing.email
            : 'The user joins the chosen organization and, if you wish, gets an e-mail to set their password.'
        }
        data-testid={editing ? 'edit-user-dialog' : 'create-user-dialog'}
      >
        {editing ? (
          <EditUserForm
            key={editing.id}
            user={editing}
            organizations={organizations}
            onClose={panel.close}
            isSelf={editing.id === currentUserId}
          />
        ) : (
          <NewUserForm organizations={organizations} onDone={panel.close} onCancel={panel.close} />
        )}
      </SidePanel>
    </>
  );
}
