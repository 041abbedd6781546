import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { registrationTokenQueryOptions } from '../features/auth/api/auth.queries';
import { RegisterScreen } from '../features/auth/components/register-screen';
import { pageTitle } from '../lib/page-title';
import { searchToken } from '../lib/search-token';

export interface RegisterSearch {
  /** The invitation token of the e-mailed link (D5, D7). */
  token?: string | undefined;
}

export const Route = createFileRoute('/register')({
  validateSearch: (search: Record<string, unknown>): RegisterSearch => {
    // Always the key, so an unsafe value of the URL cannot show through from the parent's raw search.
    return { token: searchToken(search.token) };
  },
  loaderDeps: ({ search }) => ({ token: search.token }),
  // Started, not awaited: the page shows its 'validating' state meanwhile.
  loader: ({ context, deps }) => {
    if (deps.token) void context.queryClient.prefetchQuery(registrationTokenQueryOptions(deps.token));
  },
  head: () => ({ meta: [{ title: pageTitle('Complete Your Registration') }] }),
  component: RegisterPage,
});

function RegisterPage() {
  // Not `Route`: the page's code-split chunk then needs nothing of this file, which stays in the entry.
  const routeApi = getRouteApi('/register');
  const { token } = routeApi.useSearch();
  return <RegisterScreen token={token} />;
}
