import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toastFailure } from '../../../components/ui/failure-toast';
import { toast } from '../../../components/ui/toast';
import { useAccountPasswordReset } from '../api/auth.mutations';

/**
 * The account page's e-mailed password link: a confirmation naming the address, then the e-mail is requested. For a
 * person with a password it is the way out of a forgotten one (a quiet link under the change form); for one who signs
 * in only through their organization it is how they set one (issue 26).
 */
export function PasswordResetDialog({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const [open, setOpen] = useState(false);
  const requestReset = useAccountPasswordReset();

  async function send() {
    try {
      await requestReset.mutateAsync(email);
      toast({
        title: hasPassword ? 'Password Reset Email Sent' : 'Email Sent',
        description: `Check ${email} for a link to ${hasPassword ? 'reset' : 'set'} your password. It expires in 1 hour.`,
      });
    } catch (error) {
      toastFailure('Reset Failed', error, 'Failed to send password reset email. Please try again.');
    } finally {
      setOpen(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        hasPassword ? (
          <button
            type="button"
            className="self-start text-left text-sm font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800 dark:text-blue-300"
            data-testid="account-reset-password"
          >
            Forgot your current password? Email me a link instead
          </button>
        ) : (
          <Button data-testid="account-reset-password">Set a password</Button>
        )
      }
      title={hasPassword ? 'Reset Password' : 'Set a Password'}
      question={
        <>
          We'll send a link to choose {hasPassword ? 'a new' : 'a'} password to{' '}
          <strong className="break-all text-slate-900 dark:text-white" data-testid="reset-dialog-email">
            {email}
          </strong>
          . The link expires in 1 hour.
        </>
      }
      confirmLabel="Send Reset Email"
      pendingLabel="Sending..."
      pending={requestReset.isPending}
      destructive={false}
      onConfirm={() => void send()}
      data-testid="reset-password-dialog"
      cancelTestId="reset-dialog-cancel"
      confirmTestId="reset-dialog-confirm"
    />
  );
}
