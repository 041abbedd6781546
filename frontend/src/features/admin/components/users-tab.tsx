// Long file: the Users tab's six filters, sortable table and two dialogs act on one list state (spec 3).
import type { AdminOrganization, User } from '@app/contracts';
import { UserPlus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { controlClass } from '../../../components/form/field-shell';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { NativeSelect } from '../../../components/ui/select';
import { EmptyRow, SortableTh, Table, TableScroll, Td, THead, Th, Tr } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { useToggleUserAdmin } from '../api/admin.mutations';
import { EditUserForm } from '../forms/edit-user-form';
import { NewUserForm } from '../forms/new-user-form';
import {
  emptyUserFilters,
  filterUsers,
  fullName,
  nextSort,
  type SortState,
  sortUsers,
  type UserFilters,
  type UserSortKey,
} from '../utils/admin-lists';
import { formatDateTime } from '../utils/format';
import { notifyFailure, notifySuccess } from '../utils/notify';
import { FilterLabel, ListHeader } from './admin-panel';

const selectFilters: {
  key: Exclude<keyof UserFilters, 'email' | 'name'>;
  label: string;
  options: { value: string; label: string }[];
}[] = [
  {
    key: 'userType',
    label: 'User type',
    options: [
      { value: 'all', label: 'All' },
      { value: 'admin', label: 'Admin' },
      { value: 'user', label: 'User' },
    ],
  },
  {
    key: 'login',
    label: 'Login',
    options: [
      { value: 'all', label: 'All' },
      { value: 'logged-in', label: 'Has logged in' },
      { value: 'never', label: 'Never logged in' },
    ],
  },
  {
    key: 'setup',
    label: 'Account setup',
    options: [
      { value: 'all', label: 'All' },
      { value: 'complete', label: 'Setup complete' },
      { value: 'pending', label: 'Setup pending' },
    ],
  },
  {
    key: 'status',
    label: 'Status',
    options: [
      { value: 'all', label: 'All' },
      { value: 'active', label: 'Active' },
      { value: 'inactive', label: 'Inactive' },
    ],
  },
];

/** Users: six filters, the sortable table, 'Create New User' (a dialog) and the edit overlay. */
export function UsersTab({
  users,
  organizations,
  currentUserId,
}: {
  users: readonly User[];
  organizations: readonly AdminOrganization[];
  currentUserId: number | undefined;
}) {
  const [filters, setFilters] = useState<UserFilters>(emptyUserFilters);
  const [sort, setSort] = useState<SortState<UserSortKey>>({ key: 'email', direction: 'asc' });
  const [creating, setCreating] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  const lastEditButton = useRef<HTMLElement | null>(null);
  const toggleAdmin = useToggleUserAdmin();
  const rows = sortUsers(filterUsers(users, filters), sort);
  const editing = users.find((u) => u.id === editingId);
  const id = useId();
  const set = (patch: Partial<UserFilters>) => setFilters((current) => ({ ...current, ...patch }));

  const flipAdmin = async (user: User) => {
    try {
      await toggleAdmin.mutateAsync({ id: user.id, isAdmin: !user.isAdmin });
      notifySuccess('User admin status updated');
    } catch (error) {
      notifyFailure('Error updating user admin status', error, 'Failed to update user admin status');
    }
  };

  const sortHeader = (key: UserSortKey, label: string) => (
    <SortableTh
      active={sort.key === key}
      direction={sort.direction}
      onSort={() => setSort((current) => nextSort(current, key))}
      data-testid={`user-sort-${key}`}
    >
      {label}
    </SortableTh>
  );

  return (
    <section className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <ListHeader title="Users" count={rows.length}>
        <Button ref={createButton} onClick={() => setCreating(true)} data-testid="create-user-button">
          <UserPlus aria-hidden="true" className="size-4" />
          Create New User
        </Button>
      </ListHeader>
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6" data-testid="user-filters">
        <FilterLabel label="Email" htmlFor={`${id}-email`}>
          <input
            id={`${id}-email`}
            type="search"
            value={filters.email}
            onChange={(event) => set({ email: event.target.value })}
            placeholder="Search email"
            className={controlClass}
            data-testid="user-filter-email"
          />
        </FilterLabel>
        <FilterLabel label="Name" htmlFor={`${id}-name`}>
          <input
            id={`${id}-name`}
            type="search"
            value={filters.name}
            onChange={(event) => set({ name: event.target.value })}
            placeholder="Search name"
            className={controlClass}
            data-testid="user-filter-name"
          />
        </FilterLabel>
        {selectFilters.map((filter) => (
          <FilterLabel key={filter.key} label={filter.label} htmlFor={`${id}-${filter.key}`}>
            <NativeSelect
              id={`${id}-${filter.key}`}
              value={filters[filter.key]}
              onChange={(event) => set({ [filter.key]: event.target.value } as Partial<UserFilters>)}
              options={filter.options}
              data-testid={`user-filter-${filter.key}`}
            />
          </FilterLabel>
        ))}
      </div>
      <TableScroll label="Users" data-testid="users-table">
        <Table>
          <THead>
            <tr>
              {sortHeader('email', 'Email')}
              {sortHeader('name', 'Name')}
              <Th>Status</Th>
              <Th>Organizations</Th>
              {sortHeader('lastLoginAt', 'Last Login')}
              {sortHeader('isAdmin', 'Admin')}
              <Th className="text-right">Actions</Th>
            </tr>
          </THead>
          <tbody>
            {rows.length === 0 ? (
              <EmptyRow colSpan={7} data-testid="users-empty">
                No users found
              </EmptyRow>
            ) : (
              rows.map((user) => (
                <Tr
                  key={user.id}
                  className={cn(!user.isActive && 'bg-slate-50 dark:bg-slate-950/40')}
                  data-active={user.isActive}
                  data-testid="user-row"
                  data-id={user.id}
                >
                  <Td className="min-w-48 font-medium [overflow-wrap:anywhere]" data-testid="user-email">
                    {user.email}
                    {user.id === currentUserId ? (
                      <Badge variant="info" className="ml-2">
                        You
                      </Badge>
                    ) : null}
                  </Td>
                  <Td className="min-w-28" data-testid="user-name">
                    {fullName(user) || '-'}
                  </Td>
                  <Td>
                    <div className="flex flex-col items-start gap-1" data-testid="user-status">
                      <Badge variant={user.isActive ? 'success' : 'danger'}>
                        {user.isActive ? 'Active' : 'Inactive'}
                      </Badge>
                      <Badge variant={user.hasLoggedIn ? 'info' : 'warning'}>
                        {user.hasLoggedIn ? 'Logged In' : 'Pending Login'}
                      </Badge>
                      <Badge variant={user.accountSetupComplete ? 'success' : 'warning'}>
                        {user.accountSetupComplete ? 'Setup Complete' : 'Setup Pending'}
                      </Badge>
                    </div>
                  </Td>
                  <Td className="min-w-40">
                    {user.organizations.length === 0 ? (
                      <span className="text-slate-600 dark:text-slate-400">No organizations</span>
                    ) : (
                      <div className="flex flex-wrap gap-1" data-testid="user-organizations">
                        {user.organizations.map((o) => (
                          <Badge key={o.id} variant="neutral" className="whitespace-normal! [overflow-wrap:anywhere]">
                            {o.name}
                          </Badge>
                        ))}
                      </div>
                    )}
                  </Td>
                  <Td className="min-w-24" data-testid="user-last-login">
                    {formatDateTime(user.lastLoginAt)}
                  </Td>
                  <Td>
                    <Badge variant={user.isAdmin ? 'info' : 'neutral'}>{user.isAdmin ? 'Admin' : 'User'}</Badge>
                  </Td>
                  <Td>
                    {/* Stacked, so the table fits the window from 1280 px (issue 12, item 10). */}
                    <div className="flex flex-col items-stretch gap-2">
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={(event) => {
                          lastEditButton.current = event.currentTarget;
                          setEditingId(user.id);
                        }}
                        aria-label={`Edit ${user.email}`}
                        data-testid="user-edit"
                      >
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={toggleAdmin.isPending && toggleAdmin.variables?.id === user.id}
                        onClick={() => void flipAdmin(user)}
                        aria-label={`${user.isAdmin ? 'Remove Admin' : 'Make Admin'}: ${user.email}`}
                        data-testid="user-toggle-admin"
                      >
                        {user.isAdmin ? 'Remove Admin' : 'Make Admin'}
                      </Button>
                    </div>
                  </Td>
                </Tr>
              ))
            )}
          </tbody>
        </Table>
      </TableScroll>

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
          if (!open) setEditingId(null);
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
            onClose={() => setEditingId(null)}
          />
        ) : null}
      </Dialog>
    </section>
  );
}
