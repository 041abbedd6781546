import type { OrganizationDetail, Subscription } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { type Column, DataTable } from '../../../components/ui/table';
import { ListHeader } from '../components/admin-panel';
import { LastRun } from '../subscriptions/last-run';
import { scheduleWords, when } from '../subscriptions/schedule-words';
import { subscriptionsQueryOptions } from '../subscriptions/subscriptions.api';

/** Everyone, or the chosen members by name (their e-mail when they gave none), and how many unsubscribed. */
function Recipients({ s, members }: { s: Subscription; members: OrganizationDetail['members'] }) {
  const unsubscribed = s.unsubscribed ? ` (${s.unsubscribed} unsubscribed)` : '';
  if (s.recipients === 'all-members') return <span>All members{unsubscribed}</span>;
  const names = s.recipients.map((id) => {
    const member = members.find((m) => m.id === id);
    return member ? member.name || member.email : 'a former member';
  });
  return (
    <span className="break-words">
      {names.join(', ')}
      {unsubscribed}
    </span>
  );
}

/**
 * The organization's report subscriptions (issue 29, decision 056): which dashboard, how often, the next run, the
 * file's format, who receives it and the last delivery; managed (created, sent now, changed) on the subscriptions
 * screen, kept to this organization.
 */
export function SubscriptionsSection({ detail }: { detail: OrganizationDetail }) {
  const { organization, members } = detail;
  const subscriptions = useQuery(subscriptionsQueryOptions(organization.id));
  const columns: Column<Subscription>[] = [
    { header: 'Dashboard', className: 'font-medium break-words', cell: (s) => s.dashboardName },
    { header: 'Frequency', cell: (s) => scheduleWords(s) },
    { header: 'Next run', cell: (s) => <span className="whitespace-nowrap">{when(s.nextRunAt)}</span> },
    { header: 'Format', cell: (s) => s.format },
    { header: 'Recipients', cell: (s) => <Recipients s={s} members={members} /> },
    { header: 'Last delivery', cell: (s) => <LastRun s={s} /> },
  ];
  return (
    <Card className="min-w-0 p-4 sm:p-6" data-testid="organization-subscriptions">
      <ListHeader title="Subscriptions" count={subscriptions.data?.length}>
        <Link
          to="/admin/subscriptions"
          search={{ organizationId: organization.id }}
          className="text-sm font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
          data-testid="organization-subscriptions-manage"
        >
          Manage subscriptions
        </Link>
      </ListHeader>
      {subscriptions.isError ? (
        <Alert variant="error">The subscriptions could not be loaded.</Alert>
      ) : (
        <DataTable
          label={`Report subscriptions of ${organization.name}`}
          data-testid="organization-subscriptions-table"
          columns={columns}
          rows={subscriptions.data ?? []}
          rowKey={(s) => s.id}
          row={(s) => ({ 'data-testid': 'organization-subscription-row', 'data-subscription-id': s.id })}
          empty="No report is e-mailed to this organization yet"
          emptyTestId="organization-subscriptions-empty"
          loading={subscriptions.isPending}
        />
      )}
    </Card>
  );
}
