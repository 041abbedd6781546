import type { User } from '@app/contracts';
import { Pencil, Power, PowerOff, ShieldCheck, ShieldOff, Trash2 } from 'lucide-react';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { useToggleUserAdmin } from '../api/admin.mutations';
import { DELETE_USER_QUESTION, statusQuestion, useUserStatusChanges } from '../forms/edit-user-actions';
import type { RowMenu } from '../kit/admin-table';
import { entry, type RowAction } from '../kit/row-actions';
import { notifyFailure, notifySuccess } from '../utils/notify';

/** A person's state (issue 27): what to look at first. */
type UserState = 'deactivated' | 'invited' | 'active';

const USER_STATES = {
  deactivated: ['Deactivated', 'danger', 'Cannot sign in'],
  invited: ['Invited', 'warning', 'Not yet accepted'],
  active: ['Active', 'success', null],
} as const satisfies Record<UserState, readonly [string, BadgeVariant, string | null]>;

const stateOf = (user: User): UserState =>
  !user.isActive ? 'deactivated' : user.accountSetupComplete ? 'active' : 'invited';

/** Signs in only through single sign-on: set up, without a password (someone invited chooses one at sign-up). */
const ssoOnly = (user: User) => user.accountSetupComplete && !user.hasPassword;

/**
 * Invited (not yet accepted), Active or Deactivated; an administrator without a password is flagged, as they cannot
 * use the administration until they set one (issue 26).
 */
export function UserStatus({ user }: { user: User }) {
  const state = stateOf(user);
  const [label, variant, note] = USER_STATES[state];
  return (
    <div className="flex flex-col items-start gap-1" data-testid="user-status" data-state={state}>
      <Badge variant={variant}>{label}</Badge>
      {note ? <span className="text-xs whitespace-nowrap text-slate-600 dark:text-slate-400">{note}</span> : null}
      {user.isAdmin && ssoOnly(user) ? (
        <span className="flex flex-col items-start gap-1 text-xs" data-testid="user-no-password">
          <Badge variant="warning">No password</Badge>
          <span className="max-w-40 text-slate-600 dark:text-slate-400">Cannot use the administration yet</span>
        </span>
      ) : null}
    </div>
  );
}

const makeAdminQuestion = (email: string) =>
  `${email} signs in only through their organization's single sign-on and has no password. Administrators must sign in with a password, so they cannot use the administration until they set one. We'll e-mail them a link to set a password.`;

/**
 * The People list's row menu (issue 27): Edit (the side panel), the admin right, Deactivate (or Activate) and Delete,
 * the destructive ones asked first. One's own account offers no admin right to remove, no deactivating or deleting
 * (the server refuses them, D10); the editor says why.
 */
export function useUserMenu({
  edit,
  afterDelete,
  currentUserId,
}: {
  edit: (user: User) => void;
  /** After a user is deleted (their editor closes). */
  afterDelete: (user: User) => void;
  currentUserId: number | undefined;
}) {
  const toggleAdmin = useToggleUserAdmin();
  const changes = useUserStatusChanges();

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

  /**
   * 'Make Admin' or 'Remove Admin'. Making an administrator of a person who signs in only through single sign-on asks
   * first (issue 26): the server e-mails them a link to set a password.
   */
  const adminAction = (user: User): RowAction =>
    entry(
      'admin',
      user.isAdmin ? 'Remove Admin' : 'Make Admin',
      user.isAdmin ? ShieldOff : ShieldCheck,
      'user-toggle-admin',
      user.isAdmin || !ssoOnly(user)
        ? { onSelect: () => void flipAdmin(user) }
        : {
            confirm: {
              title: 'Make this person an administrator?',
              question: makeAdminQuestion(user.email),
              pendingLabel: 'Making admin...',
              pending: toggleAdmin.isPending,
              onConfirm: (close) => void flipAdmin(user).finally(close),
              'data-testid': 'make-admin-dialog',
            },
          },
    );

  const statusAction = (user: User): RowAction =>
    user.isActive
      ? entry('status', 'Deactivate', PowerOff, 'user-toggle-status', {
          confirm: {
            title: 'Deactivate User',
            question: statusQuestion(true),
            pendingLabel: 'Updating...',
            pending: changes.toggling,
            onConfirm: (close) => void changes.toggle(user, close),
            'data-testid': 'toggle-user-status-dialog',
          },
        })
      : entry('status', 'Activate', Power, 'user-toggle-status', {
          onSelect: () => void changes.toggle(user, () => {}),
        });

  const deleteAction = (user: User): RowAction =>
    entry('delete', 'Delete', Trash2, 'user-delete', {
      confirm: {
        title: 'Delete User',
        question: DELETE_USER_QUESTION,
        pendingLabel: 'Deleting...',
        pending: changes.deleting,
        onConfirm: (close) =>
          void changes.remove(user, close).then((deleted) => {
            if (deleted) afterDelete(user);
          }),
        'data-testid': 'delete-user-dialog',
      },
    });

  return (user: User): RowMenu => {
    const editAction = entry('edit', 'Edit', Pencil, 'user-edit', { onSelect: () => edit(user) });
    return {
      target: user.email,
      actions:
        user.id === currentUserId
          ? [editAction]
          : [editAction, adminAction(user), statusAction(user), deleteAction(user)],
    };
  };
}
