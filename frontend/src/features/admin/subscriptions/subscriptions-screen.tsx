// Long file: the admin's subscriptions screen: the list, its actions, the form beside it, and a run history.
import type { Subscription } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { type Column, DataTable } from '../../../components/ui/table';
import { adminUsersQueryOptions, organizationDetailQueryOptions } from '../api/admin.queries';
import { ListHeader } from '../components/admin-panel';
import { notifyFailure, notifySuccess } from '../utils/notify';
import { LastRun, recipientsWords } from './last-run';
import { RUN_STATES, scheduleWords, subscriptionName, when } from './schedule-words';
import { SubscriptionForm } from './subscription-form';
import {
  exportableLinksQueryOptions,
  subscriptionHistoryQueryOptions,
  subscriptionsQueryOptions,
  useDeleteSubscription,
  useSendSubscriptionNow,
} from './subscriptions.api';

/** A row's outline button that opens something of its subscription; `name`, its accessible name, says which one. */
function RowButton({ label, name, onClick }: { label: string; name: string; onClick: () => void }) {
  return (
    <Button size="sm" variant="outline" aria-label={name} onClick={onClick}>
      {label}
    </Button>
  );
}

/** Who got which file when (never the file): the latest runs and e-mails of one subscription. */
function History({ subscription, onClose }: { subscription: Subscription; onClose: () => void }) {
  const history = useQuery(subscriptionHistoryQueryOptions(subscription.id));
  return (
    <Card className="min-w-0 p-4 sm:p-6" data-testid="subscription-history">
      <ListHeader title={`Deliveries: ${subscriptionName(subscription)}`}>
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

const linkClass = 'font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300';

/** Which organization the list is kept to (from its page's link), with the ways back to it and to every one. */
function OrganizationFilter({ organizationId, rows }: { organizationId: number; rows: Subscription[] | undefined }) {
  const detail = useQuery({ ...organizationDetailQueryOptions(organizationId), retry: false });
  const name = detail.data?.organization.name ?? rows?.[0]?.organizationName ?? `organization ${organizationId}`;
  return (
    <p
      className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-blue-50 px-3 py-2 text-sm text-slate-800 dark:bg-blue-950 dark:text-slate-200"
      data-testid="subscriptions-organization-filter"
    >
      <span>
        Only <span className="font-semibold">{name}</span>'s subscriptions are shown.
      </span>
      <Link
        to="/admin/organizations/$organizationId"
        params={{ organizationId: String(organizationId) }}
        className={linkClass}
      >
        Back to {name}
      </Link>
      <Link to="/admin/subscriptions" search={{}} className={linkClass} data-testid="subscriptions-show-all">
        Show every organization's
      </Link>
    </p>
  );
}

/**
 * /admin/subscriptions (issue 29): report subscriptions per organization–dashboard link; `organizationId` (the URL's
 * `?organizationId=`, from the organization's page) keeps the list to one organization.
 */
export function SubscriptionsScreen({ organizationId }: { organizationId?: number | undefined } = {}) {
  const subscriptions = useQuery(subscriptionsQueryOptions(organizationId));
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
          <RowButton label="Edit" name={`Edit ${subscriptionName(s)}`} onClick={() => setEditing(s)} />
          <RowButton label="Deliveries" name={`Deliveries of ${subscriptionName(s)}`} onClick={() => setHistory(s)} />
          <RowButton label="Delete" name={`Delete ${subscriptionName(s)}`} onClick={() => setDeleting(s)} />
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
          {organizationId !== undefined ? (
            <OrganizationFilter organizationId={organizationId} rows={subscriptions.data} />
          ) : null}
          <DataTable
            label="Report subscriptions"
            data-testid="subscriptions-table"
            loading={subscriptions.isPending}
            columns={columns}
            rows={subscriptions.data ?? []}
            rowKey={(s) => s.id}
            row={(s) => ({ 'data-subscription-id': s.id })}
            empty={
              organizationId === undefined
                ? 'No subscription yet: create one with the form.'
                : 'This organization has no subscription yet: create one with the form.'
            }
            emptyTestId="subscriptions-empty"
          />
        </Card>
        <Card className="h-fit min-w-0 p-4 sm:p-6">
          <SubscriptionForm
            key={editing?.id ?? 'new'}
            // Kept to one organization: the form offers that organization's dashboards only.
            links={(links.data ?? []).filter(
              (l) => organizationId === undefined || l.organizationId === organizationId,
            )}
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
