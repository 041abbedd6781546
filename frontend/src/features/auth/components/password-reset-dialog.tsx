import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { failureMessage } from '../../../lib/api';
import { useAccountPasswordReset } from '../api/auth.mutations';

/** 'Reset Password' of the account page: a confirmation naming the address, then the e-mail is requested. */
export function PasswordResetDialog({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const requestReset = useAccountPasswordReset();

  async function send() {
    try {
      await requestReset.mutateAsync(email);
      toast({
        title: 'Password Reset Email Sent',
        description: `Check ${email} for a link to reset your password. It expires in 1 hour.`,
      });
    } catch (error) {
      toast({
        title: 'Reset Failed',
        description: failureMessage(error, 'Failed to send password reset email. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setOpen(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" data-testid="account-reset-password">
          Reset Password
        </Button>
      }
      title="Reset Password"
      question={
        <>
          We'll send a password reset link to{' '}
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
