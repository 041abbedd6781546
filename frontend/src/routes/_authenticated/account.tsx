import { createFileRoute } from '@tanstack/react-router';
import { AccountSettings } from '../../features/auth/components/account-settings';
import { pageTitle } from '../../lib/page-title';

export const Route = createFileRoute('/_authenticated/account')({
  head: () => ({ meta: [{ title: pageTitle('Account Settings') }] }),
  component: AccountSettings,
});
