import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionsScreen } from '../../features/admin/subscriptions/subscriptions-screen';
import { pageTitle } from '../../lib/page-title';

/** /admin/subscriptions (issue 29, the admin URL plan): report subscriptions per organization–dashboard link. */
export const Route = createFileRoute('/_admin/admin/subscriptions')({
  head: () => ({ meta: [{ title: pageTitle('Report subscriptions') }] }),
  component: SubscriptionsScreen,
});
