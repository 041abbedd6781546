import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { ConfirmEmailScreen } from '../features/auth/components/confirm-email-screen';
import { pageTitle } from '../lib/page-title';
import { searchToken } from '../lib/search-token';

export interface ConfirmEmailSearch {
  /** The token of the link sent to the new address (issue 12); only a POST uses it, never loading the page. */
  token?: string | undefined;
}

export const Route = createFileRoute('/confirm-email')({
  validateSearch: (search: Record<string, unknown>): ConfirmEmailSearch => ({ token: searchToken(search.token) }),
  head: () => ({ meta: [{ title: pageTitle('Confirm Your New Email') }] }),
  component: ConfirmEmailPage,
});

function ConfirmEmailPage() {
  const routeApi = getRouteApi('/confirm-email');
  const { token } = routeApi.useSearch();
  return <ConfirmEmailScreen token={token} />;
}
