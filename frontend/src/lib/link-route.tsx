import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { pageTitle } from './page-title';
import { searchToken } from './search-token';

/**
 * The routes of the pages an e-mailed link opens (`/register?token=...`, /reset-password, /confirm-email,
 * /booking/cancel): the token of the URL, the page's title, and the page given the token.
 */

export interface LinkSearch {
  /** The token of the e-mailed link; only the page's own requests use it. */
  token?: string | undefined;
}

/** Always the key, so an unsafe value of the URL cannot show through from the parent's raw search. */
export const validateLinkSearch = (search: Record<string, unknown>): LinkSearch => ({
  token: searchToken(search.token),
});

/** The route options of a link's page: its search and its title. */
export const linkRoute = (title: string) => ({
  validateSearch: validateLinkSearch,
  head: () => ({ meta: [{ title: pageTitle(title) }] }),
});

/**
 * The same, for a page that checks the link's token with the API: the check is started as the page loads, not
 * awaited (the page shows its 'validating' state meanwhile). In the route tree, not code-split with the page: the
 * check's query options are already there (the root route's session query lives in the same module), and the check
 * is then asked before the page's code has arrived.
 */
export const checkedLinkRoute = <Data, Key extends QueryKey>(
  title: string,
  check: (token: string) => FetchQueryOptions<Data, Error, Data, Key>,
) => ({
  ...linkRoute(title),
  loaderDeps: ({ search }: { search: LinkSearch }) => ({ token: search.token }),
  loader: ({ context, deps }: { context: { queryClient: QueryClient }; deps: LinkSearch }) => {
    if (deps.token) void context.queryClient.prefetchQuery(check(deps.token));
  },
});

/**
 * The page component of a link's route: the screen, given the token. Made here rather than reading the route's
 * `Route`, so the page's code-split chunk needs nothing of the route's file, which stays in the entry.
 */
export function linkPage(Screen: ComponentType<{ token: string | undefined }>) {
  return function LinkPage() {
    const { token } = useSearch({ strict: false });
    return <Screen token={token} />;
  };
}
