import type { AdminOrganization, User } from '@app/contracts';
import { UserPlus } from 'lucide-react';
import { useRef, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { type Column, DataTable } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { useToggleUserAdmin } from '../api/admin.mutations';
import { adminKeys } from '../api/admin.queries';
import { EditUserForm, OWN_ADMIN_REASON } from '../forms/edit-user-form';
import { NewUserForm } from '../forms/new-user-form';
import { emptyUserFilters, fullName, type UserFilters, type UserSortKey } from '../utils/admin-lists';
import { formatDateTime } from '../utils/format';
import { notifyFailure, notifySuccess } from '../utils/notify';
import { useListView } from '../utils/use-list-view';
import {
  FilterBar,
  type FilterField,
  filterChoices,
  ListHeader,
  StateBadge,
  stateColumn,
  useEditing,
} from './admin-panel';
import { AdminRightsButton } from './admin-rights-button';
import { Pager } from './pager';

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

const statusBadges = (user: User) => (
  <div className="flex flex-col items-start gap-1" data-testid="user-status">
    <StateBadge on={user.isActive} yes={['Active', 'success']} no={['Inactive', 'danger']} />
    <StateBadge on={user.hasLoggedIn} yes={['Logged In', 'info']} no={['Pending Login', 'warning']} />
    <StateBadge on={user.accountSetupComplete} yes={['Setup Complete', 'success']} no={['Setup Pending', 'warning']} />
  </div>
);

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
 * the URL), the pager, 'Create New User' (a dialog) and the edit overlay.
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
  const [creating, setCreating] = useState(false);
  const edit = useEditing(list.rows, 'user');
  const createButton = useRef<HTMLButtonElement>(null);
  const lastEditButton = useRef<HTMLElement | null>(null);
  const toggleAdmin = useToggleUserAdmin();
  const { editing } = edit;
  /** One's own admin right: shown, never offered for removal (the server refuses it, D10). */
  const ownAdmin = (user: User) => user.isAdmin && user.id === currentUserId;

  const flipAdmin = async (user: User) => {
    try {
      const changed = await toggleAdmin.mutateAsync({ id: user.id, isAdmin: !user.isAdmin });
      notifySuccess(
        'User admin status updated',
        changed.passwordLinkSent
          ? `We e-mailed ${user.email} a link to set a password. They can use the administration once they have set it.`
          : undefined,
      );
    } catch (error) {
      notifyFailure('Error updating user admin status', error, 'Failed to update user admin status');
    }
  };

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
    { header: 'Status', cell: statusBadges },
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
    {
      header: 'Actions',
      headerClassName: 'text-right',
      cell: (user) => (
        // Stacked, so the table fits the window from 1280 px (issue 12, item 10).
        <div className="flex flex-col items-stretch gap-2">
          {edit.button(user, user.email, (event) => {
            lastEditButton.current = event.currentTarget;
          })}
          <AdminRightsButton
            user={user}
            busy={toggleAdmin.isPending && toggleAdmin.variables?.id === user.id}
            onFlip={flipAdmin}
            {...(ownAdmin(user) && { ownRightsReasonId: `own-admin-${user.id}` })}
          />
          {ownAdmin(user) ? (
            <span
              id={`own-admin-${user.id}`}
              className="max-w-40 text-xs text-slate-600 dark:text-slate-400"
              data-testid="user-own-admin-reason"
            >
              {OWN_ADMIN_REASON}
            </span>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <section className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <ListHeader title="Users" count={list.loaded ? list.total : undefined}>
        <Button ref={createButton} onClick={() => setCreating(true)} data-testid="create-user-button">
          <UserPlus aria-hidden="true" className="size-4" />
          Create New User
        </Button>
      </ListHeader>
      <FilterBar fields={filterFields} list={list} className="sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6" />
      <DataTable
        label="Users"
        data-testid="users-table"
        columns={columns}
        rows={list.rows}
        rowKey={(user) => user.id}
        row={(user) => ({
          className: cn(!user.isActive && 'bg-slate-50 dark:bg-slate-950/40'),
          'data-active': user.isActive,
          'data-testid': 'user-row',
          'data-id': user.id,
        })}
        empty={list.failed && !list.loaded ? 'The users could not be loaded.' : 'No users found'}
        emptyTestId="users-empty"
        sort={list.sort}
        loading={!list.loaded && !list.failed}
      />
      <Pager name="user" label="users" pager={list.pager} total={list.total} busy={list.fetching} />

      <Dialog
        open={creating}
        onOpenChange={setCreating}
        title="Create New User"
        description="The user joins the chosen organization and, if you wish, gets an e-mail to set their password."
        finalFocusEl={() => createButton.current}
        data-testid="create-user-dialog"
      >
        <NewUserForm
          organizations={organizations}
          onDone={() => setCreating(false)}
          onCancel={() => setCreating(false)}
        />
      </Dialog>

      <Dialog
        open={editing !== undefined}
        onOpenChange={(open) => {
          if (!open) edit.stop();
        }}
        title="Edit User"
        description={editing?.email}
        size="lg"
        finalFocusEl={() => (lastEditButton.current?.isConnected ? lastEditButton.current : createButton.current)}
        data-testid="edit-user-dialog"
      >
        {editing ? (
          <EditUserForm
            key={editing.id}
            user={editing}
            organizations={organizations}
            onClose={edit.stop}
            isSelf={editing.id === currentUserId}
          />
        ) : null}
      </Dialog>
    </section>
  );
}
