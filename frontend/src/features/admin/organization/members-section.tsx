import type { OrganizationDetail, OrganizationMember, User } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { controlClass } from '../../../components/form/field-shell';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { type Column, DataTable } from '../../../components/ui/table';
import { apiGetPage } from '../../../lib/api';
import { useDebounced } from '../../../lib/use-debounced';
import { useAddOrganizationUser, useChangeMemberRole, useRemoveOrganizationUser } from '../api/admin.mutations';
import { adminKeys } from '../api/admin.queries';
import { ConfirmAction, ListHeader, StateBadge } from '../components/admin-panel';
import { RelativeTime } from '../components/relative-time';
import { SearchPicker } from '../components/search-picker';
import { runWithToasts } from '../forms/edit-user-actions';
import type { Confirmation } from '../kit/confirm-prompt';
import { fullName } from '../utils/admin-lists';
import { notifyFailure, notifySuccess } from '../utils/notify';

type Organization = OrganizationDetail['organization'];

const removeMemberQuestion = (email: string, organization: string) =>
  `Remove ${email} from '${organization}'? They will no longer see its dashboards.`;

/** A member's role, changed in place: Save shows once the text differs, Enter saves too. */
function RoleField({ organization, member }: { organization: Organization; member: OrganizationMember }) {
  const id = useId();
  const [role, setRole] = useState(member.role);
  const change = useChangeMemberRole();
  const dirty = role.trim() !== member.role && role.trim() !== '';
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!dirty) return;
    try {
      await change.mutateAsync({ organizationId: organization.id, userId: member.id, role: role.trim() });
      notifySuccess('Role changed', `${member.email} is now ${role.trim()} of ${organization.name}.`);
    } catch (error) {
      notifyFailure('Error changing role', error, 'Failed to change the role');
    }
  };
  return (
    <form
      onSubmit={(event) => void save(event)}
      className="relative flex min-w-44 flex-wrap items-center gap-2"
      data-testid="member-role-form"
    >
      <label htmlFor={id} className="sr-only">
        {`Role of ${member.email}`}
      </label>
      <input
        id={id}
        value={role}
        maxLength={50}
        onChange={(event) => setRole(event.target.value)}
        className={`${controlClass.replace('w-full', '')} h-9 w-40 py-1`}
        data-testid="member-role"
      />
      {dirty ? (
        <Button type="submit" size="sm" disabled={change.isPending} data-testid="member-role-save">
          {change.isPending ? <Spinner /> : null}
          Save
        </Button>
      ) : null}
    </form>
  );
}

function RemoveMember({ organization, member }: { organization: Organization; member: OrganizationMember }) {
  const remove = useRemoveOrganizationUser();
  const confirm: Confirmation = {
    title: 'Remove from Organization',
    question: removeMemberQuestion(member.email, organization.name),
    pendingLabel: 'Removing...',
    pending: remove.isPending,
    onConfirm: (close) =>
      void runWithToasts(
        () => remove.mutateAsync({ organizationId: organization.id, userId: member.id }),
        ['User removed from organization', `${member.email} is no longer a member of ${organization.name}.`],
        ['Error removing user from organization', 'Failed to remove user from organization'],
        close,
      ),
    'data-testid': 'remove-member-dialog',
  };
  return (
    <ConfirmAction
      label="Remove"
      target={`${member.email} from ${organization.name}`}
      data-testid="member-remove"
      confirm={confirm}
    />
  );
}

/** 'Add a member': people searched on the server by name or e-mail as they type, members left out. */
function AddMember({ organization, members }: { organization: Organization; members: readonly OrganizationMember[] }) {
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed.trim(), 250);
  const found = useQuery({
    queryKey: [...adminKeys.users, 'search', q],
    queryFn: ({ signal }) =>
      apiGetPage<User>(
        `/api/admin/users?page=1&pageSize=20&sort=email${q ? `&q=${encodeURIComponent(q)}` : ''}`,
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const add = useAddOrganizationUser();
  const memberIds = useMemo(() => new Set(members.map((m) => m.id)), [members]);
  const people = (found.data?.rows ?? []).filter((user) => !memberIds.has(user.id));
  const choices = people.map((user) => {
    const name = fullName(user);
    return { value: String(user.id), label: name || user.email, detail: name ? user.email : null };
  });
  const pick = async (value: string) => {
    const user = people.find((person) => String(person.id) === value);
    if (!user) return;
    try {
      await add.mutateAsync({ organizationId: organization.id, userId: user.id, role: 'Member' });
      notifySuccess('User added to organization', `${user.email} now sees ${organization.name}'s dashboards.`);
    } catch (error) {
      notifyFailure('Error adding user', error, 'Failed to add user to organization');
    }
  };
  return (
    <SearchPicker
      label="Add a member"
      placeholder="Search people by name or e-mail"
      typed={typed}
      onTyped={setTyped}
      choices={choices}
      onPick={(value) => void pick(value)}
      loading={found.isFetching}
      disabled={add.isPending}
      emptyText={found.isError ? 'People could not be searched' : q ? `Nobody else matches '${q}'` : 'Nobody else'}
      testId="member-add"
    />
  );
}

/** The organization's members (issue 27): who, their role (changed in place), when they last came, removal; add. */
export function MembersSection({ detail }: { detail: OrganizationDetail }) {
  const { organization, members } = detail;
  const columns: Column<OrganizationMember>[] = [
    {
      header: 'Person',
      className: 'break-words',
      cell: (m) => (
        <>
          {m.name ? <span className="block font-medium">{m.name}</span> : null}
          <span className={m.name ? 'block break-all text-xs text-slate-600 dark:text-slate-400' : 'break-all'}>
            {m.email}
          </span>
        </>
      ),
    },
    { header: 'Role', cell: (m) => <RoleField key={m.role} organization={organization} member={m} /> },
    { header: 'Last sign-in', cell: (m) => <RelativeTime value={m.lastLoginAt} none="Never" /> },
    {
      header: 'Status',
      cell: (m) => <StateBadge on={m.isActive} yes={['Active', 'success']} no={['Inactive', 'neutral']} />,
    },
    {
      header: 'Actions',
      headerClassName: 'text-right',
      className: 'text-right',
      cell: (m) => <RemoveMember organization={organization} member={m} />,
    },
  ];
  return (
    <Card className="min-w-0 p-4 sm:p-6" data-testid="organization-members">
      <ListHeader title="Members" count={members.length} />
      <DataTable
        label={`Members of ${organization.name}`}
        data-testid="members-table"
        columns={columns}
        rows={members}
        rowKey={(m) => m.id}
        row={(m) => ({ 'data-testid': 'member-row', 'data-user-id': m.id })}
        empty="No members yet"
        emptyTestId="members-empty"
      />
      <div className="mt-4 max-w-md">
        <AddMember organization={organization} members={members} />
      </div>
    </Card>
  );
}
