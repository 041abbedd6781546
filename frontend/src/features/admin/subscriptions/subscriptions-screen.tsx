// Long file: the admin's subscriptions screen: the list, its actions, the form beside it, and a run history.
import type { Subscription } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { type Column, DataTable } from '../../../components/ui/table';
import { adminUsersQueryOptions } from '../api/admin.queries';
import { ListHeader } from '../components/admin-panel';
import { notifyFailure, notifySuccess } from '../utils/notify';
import { RUN_STATES, scheduleWords, when } from './schedule-words';
import { SubscriptionForm } from './subscription-form';
import {
  exportableLinksQueryOptions,
  subscriptionHistoryQueryOptions,
  subscriptionsQueryOptions,
  useDeleteSubscription,
  useSendSubscriptionNow,
} from './subscriptions.api';

const recipientsWords = (s: Subscription) =>
  `${s.recipients === 'all-members' ? 'All members' : `${s.recipients.length} chosen`}${s.unsubscribed ? ` (${s.unsubscribed} unsubscribed)` : ''}`;

function LastRun({ s }: { s: Subscription }) {
  if (!s.lastRun) return <span className="text-slate-500 dark:text-slate-400">Not sent yet</span>;
  const state = RUN_STATES[s.lastRun.state];
  return (
    <div className="flex flex-col gap-1">
      <span className="flex flex-wrap items-center gap-2">
        <Badge variant={state.variant}>{state.label}</Badge>
        <span className="text-xs text-slate-600 dark:text-slate-400">
          {when(s.lastRun.finishedAt ?? s.lastRun.createdAt)}
        </span>
      </span>
      {s.lastRun.error ? (
        <span className="max-w-xs text-xs text-red-700 dark:text-red-400" data-testid="subscription-error">
          {s.lastRun.error}
        </span>
      ) : null}
    </div>
  );
}

/** Who got which file when (never the file): the latest runs and e-mails of one subscription. */
function History({ subscription, onClose }: { subscription: Subscription; onClose: () => void }) {
  const history = useQuery(subscriptionHistoryQueryOptions(subscription.id));
  return (
    <Card className="min-w-0 p-4 sm:p-6" data-testid="subscription-history">
      <ListHeader title={`Deliveries: ${subscription.organizationName} — ${subscription.dashboardName}`}>
        <Button variant="outline" size="sm" onClick={onClose}>
          Close
        </Button>
      </ListHeader>
      <DataTable
        label="Deliveries"
        data-testid="subscription-deliveries"
        loading={history.isPending}
        columns={[
          { header: 'Recipient', cell: (d) => <span className="break-all">{d.email}</span> },
          { header: 'File', cell: (d) => <span className="break-all">{d.fileName}</span> },
          {
            header: 'Status',
            cell: (d) => (
              <Badge variant={d.status === 'sent' ? 'success' : d.status === 'failed' ? 'danger' : 'info'}>
                {d.status === 'sent' ? 'Sent' : d.status === 'failed' ? 'Failed' : 'Sending'}
              </Badge>
            ),
          },
          { header: 'When', cell: (d) => when(d.sentAt ?? d.createdAt) },
        ]}
        rows={history.data?.deliveries ?? []}
        rowKey={(d) => d.id}
        row={(d) => ({ 'data-delivery-id': d.id })}
        empty="No e-mail sent yet."
        emptyTestId="subscription-deliveries-empty"
      />
      {history.data?.runs.some((r) => r.error) ? (
        <div className="mt-4">
          <h3 className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">Runs with a problem</h3>
          <ul className="flex flex-col gap-1 text-sm">
            {history.data.runs
              .filter((r) => r.error)
              .map((r) => (
                <li key={r.id} className="text-slate-700 dark:text-slate-300">
                  <Badge variant={RUN_STATES[r.state].variant}>{RUN_STATES[r.state].label}</Badge> {when(r.createdAt)}:{' '}
                  {r.error}
                </li>
              ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}

/** /admin/subscriptions (issue 29): report subscriptions per organization–dashboard link. */
export function SubscriptionsScreen() {
  const subscriptions = useQuery(subscriptionsQueryOptions());
  const links = useQuery(exportableLinksQueryOptions());
  const users = useQuery(adminUsersQueryOptions());
  const sendNow = useSendSubscriptionNow();
  const remove = useDeleteSubscription();
  const [editing, setEditing] = useState<Subscription | null>(null);
  const [history, setHistory] = useState<Subscription | null>(null);
  const [deleting, setDeleting] = useState<Subscription | null>(null);

  const columns: Column<Subscription>[] = [
    {
      header: 'Organization — dashboard',
      cell: (s) => (
        <div className="flex flex-col">
          <span className="font-medium text-slate-900 dark:text-white">{s.organizationName}</span>
          <span className="text-slate-600 dark:text-slate-400">
            {s.dashboardName} · {s.format}
          </span>
        </div>
      ),
    },
    {
      header: 'Schedule',
      cell: (s) => (
        <div className="flex flex-col">
          <span>{scheduleWords(s)}</span>
          <span className="text-xs text-slate-600 dark:text-slate-400">Next: {when(s.nextRunAt)}</span>
        </div>
      ),
    },
    { header: 'Recipients', cell: recipientsWords },
    { header: 'Last run', cell: (s) => <LastRun s={s} /> },
    {
      header: 'Actions',
      cell: (s) => (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            aria-label={`Send now: ${s.dashboardName} to ${s.organizationName}`}
            disabled={sendNow.isPending && sendNow.variables === s.id}
            onClick={() =>
              sendNow.mutate(s.id, {
                onSuccess: () => notifySuccess('Queued', `${s.dashboardName} is being sent to ${s.organizationName}.`),
                onError: (error) => notifyFailure('Not sent', error),
              })
            }
            data-testid="subscription-send-now"
          >
            Send now
          </Button>
          <Button
            size="sm"
            variant="outline"
            aria-label={`Edit ${s.organizationName} — ${s.dashboardName}`}
            onClick={() => setEditing(s)}
          >
            Edit
          </Button>
          <Button
            size="sm"
            variant="outline"
            aria-label={`Deliveries of ${s.organizationName} — ${s.dashboardName}`}
            onClick={() => setHistory(s)}
          >
            Deliveries
          </Button>
          <Button
            size="sm"
            variant="outline"
            aria-label={`Delete ${s.organizationName} — ${s.dashboardName}`}
            onClick={() => setDeleting(s)}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-6" data-testid="admin-subscriptions">
      <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card className="min-w-0 p-4 sm:p-6">
          <ListHeader title="Report subscriptions" count={subscriptions.data?.length} />
          <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
            Each organization receives its own export of the report (with its own data scope), by e-mail, on schedule.
            Members can unsubscribe from the e-mail or their account page.
          </p>
          <DataTable
            label="Report subscriptions"
            data-testid="subscriptions-table"
            loading={subscriptions.isPending}
            columns={columns}
            rows={subscriptions.data ?? []}
            rowKey={(s) => s.id}
            row={(s) => ({ 'data-subscription-id': s.id })}
            empty="No subscription yet: create one with the form."
            emptyTestId="subscriptions-empty"
          />
        </Card>
        <Card className="h-fit min-w-0 p-4 sm:p-6">
          <SubscriptionForm
            key={editing?.id ?? 'new'}
            links={links.data ?? []}
            users={users.data ?? []}
            editing={editing}
            onDone={() => {
              notifySuccess(editing ? 'Subscription saved' : 'Subscription created');
              setEditing(null);
            }}
          />
        </Card>
      </div>
      {history ? <History key={history.id} subscription={history} onClose={() => setHistory(null)} /> : null}
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        role="alertdialog"
        size="sm"
        busy={remove.isPending}
        title="Delete this subscription?"
        description={
          deleting
            ? `${deleting.organizationName} will no longer receive ${deleting.dashboardName}. Its delivery history goes with it.`
            : ''
        }
        actions={
          <>
            <Button variant="outline" onClick={() => setDeleting(null)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              data-testid="subscription-delete-confirm"
              onClick={() =>
                deleting &&
                remove.mutate(deleting.id, {
                  onSuccess: () => {
                    notifySuccess('Subscription deleted');
                    setDeleting(null);
                  },
                  onError: (error) => notifyFailure('Not deleted', error),
                })
              }
            >
              {remove.isPending ? 'Deleting...' : 'Delete'}
            </Button>
          </>
        }
      />
    </div>
  );
}
