import { useQuery } from '@tanstack/react-query';
import { Checkbox } from '../../../components/ui/checkbox';
import { toastFailure } from '../../../components/ui/failure-toast';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { mySubscriptionsQueryOptions, useChangeMySubscription } from '../api/subscriptions.api';

/** The reports e-mailed to me (issue 29): each one on or off. */
export function SubscriptionsSection() {
  const mine = useQuery(mySubscriptionsQueryOptions());
  const change = useChangeMySubscription();
  if (mine.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        <Spinner /> Loading...
      </p>
    );
  if (!mine.data?.length)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="account-subscriptions-none">
        No report is e-mailed to you.
      </p>
    );
  return (
    <ul className="flex flex-col gap-3" data-testid="account-subscriptions-list">
      {mine.data.map((s) => (
        <li key={s.id}>
          <Checkbox
            label={`${s.dashboardName} (${s.organizationName})`}
            description={`${s.frequency === 'weekly' ? 'Weekly' : 'Monthly'}, as ${s.format}`}
            checked={s.subscribed}
            disabled={change.isPending}
            onCheckedChange={(subscribed) =>
              change.mutate(
                { id: s.id, subscribed },
                {
                  onSuccess: () =>
                    toast({
                      title: subscribed ? 'Subscribed' : 'Unsubscribed',
                      description: `${s.dashboardName} ${subscribed ? 'will be' : 'will no longer be'} e-mailed to you.`,
                    }),
                  onError: (error) => toastFailure('Not changed', error),
                },
              )
            }
            data-testid={`account-subscription-${s.id}`}
          />
        </li>
      ))}
    </ul>
  );
}
