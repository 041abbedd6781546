import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { SubscriptionsScreen } from '../../features/admin/subscriptions/subscriptions-screen';
import {
  parseSubscriptionsSearch,
  type SubscriptionsSearch,
} from '../../features/admin/subscriptions/subscriptions-search';
import { pageTitle } from '../../lib/page-title';

/**
 * /admin/subscriptions (issue 29, the admin URL plan): report subscriptions per organization–dashboard link;
 * `?organizationId=` keeps them to one organization (its page links here so).
 */
export const Route = createFileRoute('/_admin/admin/subscriptions')({
  validateSearch: (search: Record<string, unknown>): SubscriptionsSearch => parseSubscriptionsSearch(search),
  head: () => ({ meta: [{ title: pageTitle('Report subscriptions') }] }),
  component: SubscriptionsPage,
});

function SubscriptionsPage() {
  const { organizationId } = getRouteApi('/_admin/admin/subscriptions').useSearch();
  return <SubscriptionsScreen key={organizationId ?? 'all'} organizationId={organizationId} />;
}
