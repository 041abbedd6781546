import { MailCheck } from 'lucide-react';
import { useConfirmEmailChange } from '../api/auth.mutations';
import { AuthCard, accountLinkProblem, CardButton, CardLink, DoneCard } from './auth-card';

/**
 * /confirm-email?token=... (issue 12): opening the link changes nothing by itself (a mail scanner may open it too);
 * the button confirms with a POST. Then the address is changed and every session ended: sign in with the new one.
 */
export function ConfirmEmailScreen({ token }: { token: string | undefined }) {
  const confirm = useConfirmEmailChange();

  const problem = accountLinkProblem(
    'confirm-email',
    'confirmation',
    token,
    confirm,
    'Failed to confirm your new email address.',
  );
  if (!token || problem) return problem;
  if (confirm.isSuccess)
    return (
      <DoneCard
        icon={MailCheck}
        title="Email Address Changed"
        description={
          <p data-testid="confirm-email-done">
            Your email address is now{' '}
            <strong className="break-all text-slate-900 dark:text-white">{confirm.data.email}</strong>. You have been
            signed out everywhere: please sign in with your new address.
          </p>
        }
        data-testid="confirm-email-success"
      >
        <CardLink to="/login" data-testid="confirm-email-login">
          Sign In
        </CardLink>
      </DoneCard>
    );

  return (
    <AuthCard
      icon={MailCheck}
      title="Confirm Your New Email"
      description={
        <p>Confirm that this is your new email address. You will be signed out everywhere and sign in with it.</p>
      }
      data-testid="confirm-email"
    >
      <CardButton
        pending={confirm.isPending}
        pendingLabel="Confirming..."
        onClick={() => confirm.mutate(token)}
        data-testid="confirm-email-submit"
      >
        Confirm Email Address
      </CardButton>
    </AuthCard>
  );
}
