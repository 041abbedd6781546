import type { User } from '@app/contracts';
import { ConfirmAction, RowButton } from './admin-panel';

/** Signs in only through single sign-on: set up, without a password (someone invited chooses one at sign-up). */
const ssoOnly = (user: User) => user.accountSetupComplete && !user.hasPassword;

const focusAdminButton = (id: number) =>
  document
    .querySelector<HTMLElement>(`[data-testid="user-row"][data-id="${id}"] [data-testid="user-toggle-admin"]`)
    ?.focus();

/**
 * A users row's 'Make Admin' or 'Remove Admin'. Making an administrator of a person who signs in only through single
 * sign-on asks first (issue 26): administrators cannot use it and the person has no password, so the server e-mails
 * them a link to set one.
 */
export function AdminRightsButton({
  user,
  busy,
  onFlip,
  ownRightsReasonId,
}: {
  user: User;
  busy: boolean;
  onFlip: (user: User) => Promise<void>;
  /** The administrator's own row: the button is off, and this element says why. */
  ownRightsReasonId?: string;
}) {
  if (!ssoOnly(user) || user.isAdmin)
    return (
      <RowButton
        label={user.isAdmin ? 'Remove Admin' : 'Make Admin'}
        name={`${user.isAdmin ? 'Remove Admin' : 'Make Admin'}: ${user.email}`}
        variant="secondary"
        disabled={ownRightsReasonId !== undefined || busy}
        {...(ownRightsReasonId && { 'aria-describedby': ownRightsReasonId })}
        onClick={() => void onFlip(user)}
        data-testid="user-toggle-admin"
      />
    );
  return (
    <ConfirmAction
      label="Make Admin"
      target={user.email}
      variant="secondary"
      data-testid="user-toggle-admin"
      title="Make this person an administrator?"
      question={`${user.email} signs in only through their organization's single sign-on and has no password. Administrators must sign in with a password, so they cannot use the administration until they set one. We'll e-mail them a link to set a password.`}
      pendingLabel="Making admin..."
      pending={busy}
      onConfirm={(close) =>
        void onFlip(user).finally(() => {
          close();
          // The row's button is now 'Remove Admin', another element: focus goes to it, not to the page.
          setTimeout(() => focusAdminButton(user.id), 50);
        })
      }
      dialogTestId="make-admin-dialog"
    />
  );
}
