import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogCloseTrigger } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { failureMessage } from '../../../lib/api';
import { useAccountPasswordReset } from '../api/auth.mutations';

/** 'Reset Password' of the account page: a confirmation naming the address, then the e-mail is requested. */
export function PasswordResetDialog({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const requestReset = useAccountPasswordReset();
  const sending = requestReset.isPending;

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
    <Dialog
      open={open}
      onOpenChange={setOpen}
      role="alertdialog"
      size="sm"
      busy={sending}
      title="Reset Password"
      description={
        <>
          We'll send a password reset link to{' '}
          <strong className="break-all text-slate-900 dark:text-white" data-testid="reset-dialog-email">
            {email}
          </strong>
          . The link expires in 1 hour.
        </>
      }
      trigger={
        <Button variant="outline" data-testid="account-reset-password">
          Reset Password
        </Button>
      }
      data-testid="reset-password-dialog"
      actions={
        <>
          <DialogCloseTrigger asChild>
            <Button variant="outline" disabled={sending} data-testid="reset-dialog-cancel">
              Cancel
            </Button>
          </DialogCloseTrigger>
          <Button
            onClick={() => void send()}
            disabled={sending}
            aria-busy={sending || undefined}
            data-testid="reset-dialog-confirm"
          >
            {sending ? (
              <>
                <Spinner />
                Sending...
              </>
            ) : (
              'Send Reset Email'
            )}
          </Button>
        </>
      }
    />
  );
}
