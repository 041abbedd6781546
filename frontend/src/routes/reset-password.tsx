import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { resetTokenQueryOptions } from '../features/auth/api/auth.queries';
import { ResetPasswordScreen } from '../features/auth/components/reset-password-screen';
import { pageTitle } from '../lib/page-title';
import { searchToken } from '../lib/search-token';

export interface ResetPasswordSearch {
  /** The reset token of the e-mailed link (D6, D7); without it the page asks for an e-mail address. */
  token?: string | undefined;
}

export const Route = createFileRoute('/reset-password')({
  validateSearch: (search: Record<string, unknown>): ResetPasswordSearch => {
    // Always the key, so an unsafe value of the URL cannot show through from the parent's raw search.
    return { token: searchToken(search.token) };
  },
  loaderDeps: ({ search }) => ({ token: search.token }),
  // Started, not awaited: the page shows its 'validating' state meanwhile.
  loader: ({ context, deps }) => {
    if (deps.token) void context.queryClient.prefetchQuery(resetTokenQueryOptions(deps.token));
  },
  head: () => ({ meta: [{ title: pageTitle('Reset Your Password') }] }),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  // Not `Route`: the page's code-split chunk then needs nothing of this file, which stays in the entry.
  const routeApi = getRouteApi('/reset-password');
  const { token } = routeApi.useSearch();
  return <ResetPasswordScreen token={token} />;
}
