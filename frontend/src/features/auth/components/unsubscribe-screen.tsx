import { useQuery } from '@tanstack/react-query';
import { MailMinus } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/api';
import { unsubscribePreviewQueryOptions, useUnsubscribe } from '../api/subscriptions.api';
import { AuthCard, accountLinkProblem, CardButton, CardLink, DoneCard } from './auth-card';

/**
 * /unsubscribe?token=... (issue 29): the link of a report e-mail. Opening it changes nothing (a mail scanner opens
 * every link); the button unsubscribes with a POST. The mail client's own one-click (RFC 8058) needs no page.
 */
export function UnsubscribeScreen({ token }: { token: string | undefined }) {
  const preview = useQuery({ ...unsubscribePreviewQueryOptions(token ?? ''), enabled: Boolean(token) });
  const unsubscribe = useUnsubscribe();

  const problem = accountLinkProblem(
    'unsubscribe',
    'unsubscribe',
    token,
    preview,
    'This unsubscribe link could not be checked. Please try again.',
  );
  if (!token || problem) return problem;
  if (!preview.data)
    return (
      <AuthCard icon={MailMinus} title="Unsubscribe" data-testid="unsubscribe-loading">
        <p role="status" className="flex items-center gap-2 text-slate-600 dark:text-slate-300">
          <Spinner /> Checking the link...
        </p>
      </AuthCard>
    );
  const { dashboardName, organizationName } = preview.data;
  if (unsubscribe.isSuccess || preview.data.unsubscribed)
    return (
      <DoneCard
        icon={MailMinus}
        title="You Are Unsubscribed"
        description={
          <p data-testid="unsubscribe-done">
            You will no longer receive <strong className="text-slate-900 dark:text-white">{dashboardName}</strong> of{' '}
            {organizationName} by e-mail. You can subscribe again from your account page.
          </p>
        }
        data-testid="unsubscribe-success"
      >
        <CardLink to="/account">Go to Account Settings</CardLink>
      </DoneCard>
    );
  return (
    <AuthCard
      icon={MailMinus}
      title="Unsubscribe From This Report"
      description={
        <p>
          Stop receiving <strong className="text-slate-900 dark:text-white">{dashboardName}</strong> of{' '}
          {organizationName} by e-mail?
        </p>
      }
      data-testid="unsubscribe"
    >
      {unsubscribe.isError ? (
        <p role="alert" className="mb-3 text-sm text-red-700 dark:text-red-400">
          {failureMessage(unsubscribe.error, 'You could not be unsubscribed. Please try again.')}
        </p>
      ) : null}
      <CardButton
        pending={unsubscribe.isPending}
        pendingLabel="Unsubscribing..."
        onClick={() => unsubscribe.mutate(token)}
        data-testid="unsubscribe-submit"
      >
        Unsubscribe
      </CardButton>
    </AuthCard>
  );
}
