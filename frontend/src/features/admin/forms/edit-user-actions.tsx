import type { User } from '@app/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useDeleteUser, useSendAdminEmail, useToggleUserStatus } from '../api/admin.mutations';
import { notifyFailure, notifySuccess } from '../utils/notify';

/**
 * Runs an admin's action, then `settle` (closes the question it was asked with), then says how it went: a toast (spec
 * section 8). Whether it succeeded.
 */
export async function runWithToasts(
  action: () => Promise<unknown>,
  success: [title: string, description?: string],
  [failureTitle, fallback]: [title: string, fallback: string],
  settle: () => void = () => {},
): Promise<boolean> {
  try {
    await action();
    settle();
    notifySuccess(...success);
    return true;
  } catch (error) {
    settle();
    notifyFailure(failureTitle, error, fallback);
    return false;
  }
}

const EMAIL_ACTIONS = [
  {
    kind: 'registration',
    label: 'Send Registration Email',
    testId: 'edit-user-send-registration',
    sent: 'Registration email sent',
    failure: ['Error sending registration email', 'Failed to send registration email'],
  },
  {
    kind: 'password-reset',
    label: 'Send Password Reset',
    testId: 'edit-user-send-reset',
    sent: 'Password reset email sent',
    failure: ['Error sending password reset email', 'Failed to send password reset email'],
  },
] as const;

/** One e-mail of the 'Email Actions' (queued, D22): the toast names the address. */
function SendEmailButton({ action, email }: { action: (typeof EMAIL_ACTIONS)[number]; email: string }) {
  const send = useSendAdminEmail(action.kind);
  const onClick = () => runWithToasts(() => send.mutateAsync(email), [action.sent, email], [...action.failure]);
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={send.isPending}
      onClick={() => void onClick()}
      data-testid={action.testId}
    >
      {send.isPending ? <Spinner /> : null}
      {action.label}
    </Button>
  );
}

export function EmailActions({ email }: { email: string }) {
  return (
    <section aria-labelledby="edit-user-email-actions" className="flex flex-col gap-2">
      <h3 id="edit-user-email-actions" className="text-sm font-semibold text-slate-900 dark:text-white">
        Email Actions
      </h3>
      <div className="flex flex-wrap gap-2">
        {EMAIL_ACTIONS.map((action) => (
          <SendEmailButton key={action.kind} action={action} email={email} />
        ))}
      </div>
    </section>
  );
}

/** The question before deactivating (or activating) a user. */
export const statusQuestion = (isActive: boolean) =>
  `Are you sure you want to ${isActive ? 'deactivate' : 'activate'} this user?`;
export const DELETE_USER_QUESTION =
  'Are you sure you want to permanently delete this user? This action cannot be undone.';
/** Why one's own account offers neither: the server refuses both ('You cannot deactivate/delete your own account'). */
export const OWN_ACCOUNT_REASON = 'You cannot deactivate or delete your own account; another administrator can.';

/**
 * Deactivating (or activating) and deleting a user, as the editor's 'Dangerous Actions' and the list's row menu both
 * do them: each call gets `close` (the question asked first) and toasts how it went; `remove` says whether it did.
 */
export function useUserStatusChanges() {
  const toggleStatus = useToggleUserStatus();
  const deleteUser = useDeleteUser();
  return {
    toggling: toggleStatus.isPending,
    deleting: deleteUser.isPending,
    toggle: (user: User, close: () => void) =>
      runWithToasts(
        () => toggleStatus.mutateAsync({ id: user.id, isActive: !user.isActive }),
        ['User status updated'],
        ['Error updating user status', 'Failed to update user status'],
        close,
      ),
    remove: (user: User, close: () => void) =>
      runWithToasts(
        () => deleteUser.mutateAsync(user.id),
        ['User deleted', 'The user and their data were permanently removed.'],
        ['Error deleting user', 'Failed to delete user'],
        close,
      ),
  };
}

/** The signed-in admin's own account: both actions shown switched off, and the reason beside them (as D10's own right). */
function OwnAccountActions() {
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled
          aria-describedby="edit-user-own-account"
          data-testid="edit-user-toggle-status"
        >
          Deactivate User
        </Button>
        <Button
          size="sm"
          variant="destructive"
          disabled
          aria-describedby="edit-user-own-account"
          data-testid="edit-user-delete"
        >
          Delete User
        </Button>
      </div>
      <p
        id="edit-user-own-account"
        className="text-xs text-slate-600 dark:text-slate-400"
        data-testid="edit-user-own-account-reason"
      >
        {OWN_ACCOUNT_REASON}
      </p>
    </>
  );
}

/**
 * 'Dangerous Actions': deactivate (or activate) and delete, each asked first; `onDeleted` closes the dialog. Neither is
 * offered on the signed-in admin's own account (`isSelf`).
 */
export function DangerousActions({
  user,
  onDeleted,
  isSelf = false,
}: {
  user: User;
  onDeleted: () => void;
  isSelf?: boolean;
}) {
  const changes = useUserStatusChanges();
  const [confirming, setConfirming] = useState<'status' | 'delete' | null>(null);
  const close = () => setConfirming(null);
  const remove = async () => {
    if (await changes.remove(user, close)) onDeleted();
  };

  return (
    <section
      aria-labelledby="edit-user-danger"
      className="flex flex-col gap-2 rounded-xl border border-red-200 p-4 dark:border-red-900"
    >
      <h3 id="edit-user-danger" className="text-sm font-semibold text-red-800 dark:text-red-300">
        Dangerous Actions
      </h3>
      {isSelf ? (
        <OwnAccountActions />
      ) : (
        <div className="flex flex-wrap gap-2">
          <ConfirmDialog
            open={confirming === 'status'}
            onOpenChange={(open) => setConfirming(open ? 'status' : null)}
            trigger={
              <Button size="sm" variant={user.isActive ? 'outline' : 'primary'} data-testid="edit-user-toggle-status">
                {user.isActive ? 'Deactivate User' : 'Activate User'}
              </Button>
            }
            title={user.isActive ? 'Deactivate User' : 'Activate User'}
            question={statusQuestion(user.isActive)}
            confirmLabel={user.isActive ? 'Deactivate' : 'Activate'}
            pendingLabel="Updating..."
            pending={changes.toggling}
            destructive={user.isActive}
            onConfirm={() => void changes.toggle(user, close)}
            data-testid="toggle-user-status-dialog"
          />
          <ConfirmDialog
            open={confirming === 'delete'}
            onOpenChange={(open) => setConfirming(open ? 'delete' : null)}
            trigger={
              <Button size="sm" variant="destructive" data-testid="edit-user-delete">
                Delete User
              </Button>
            }
            title="Delete User"
            question={DELETE_USER_QUESTION}
            confirmLabel="Delete"
            pendingLabel="Deleting..."
            pending={changes.deleting}
            onConfirm={() => void remove()}
            data-testid="delete-user-dialog"
          />
        </div>
      )}
    </section>
  );
}
