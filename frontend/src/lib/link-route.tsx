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
const validateLinkSearch = (search: Record<string, unknown>): LinkSearch => ({
  token: searchToken(search.token),
});

/** The route options of a link's page: its search, its title and any other `meta` of its head. */
export const linkRoute = (title: string, ...meta: { name: string; content: string }[]) => ({
  validateSearch: validateLinkSearch,
  head: () => ({ meta: [{ title: pageTitle(title) }, ...meta] }),
});

const linkLoaderDeps = ({ search }: { search: LinkSearch }) => ({ token: search.token });

/** A loader that starts fetching `query` of the link's token, not awaited: the page shows its loading state meanwhile. */
export const prefetchLink =
  <Data, Key extends QueryKey>(query: (token: string) => FetchQueryOptions<Data, Error, Data, Key>) =>
  ({ context, deps }: { context: { queryClient: QueryClient }; deps: LinkSearch }) => {
    if (deps.token) void context.queryClient.prefetchQuery(query(deps.token));
  };

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
  loaderDeps: linkLoaderDeps,
  loader: prefetchLink(check),
});

/**
 * The route options of a booking's link (/booking/cancel, /booking/reschedule), kept out of search engines. Its route
 * gives the loader itself (`loader: prefetchLink(...)`, written in the route's file): the router then code-splits it
 * with the page, so the booking's queries stay out of every other page's JavaScript.
 */
export const unlistedLinkRoute = (title: string) => ({
  ...linkRoute(title, { name: 'robots', content: 'noindex' }),
  loaderDeps: linkLoaderDeps,
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
