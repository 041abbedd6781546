import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext } from '@tanstack/react-router';
import { RootLayout } from '../app/layout/root-layout';
import { NotFoundPage } from '../components/layout/lazy-not-found-page';
import { enrolFirst } from '../features/auth/api/auth.guards';
import { cachedCurrentUser, loadCurrentUser } from '../features/auth/api/auth.queries';
import { configQueryOptions } from '../features/config/api/config.queries';
import { DEFAULT_DESCRIPTION } from '../lib/seo';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // Who is signed in (GET /api/auth/user, a 401 is an anonymous visitor): started here for every page, not awaited,
  // so public pages never wait for it. The guards of the signed-in areas await the same request (one per load).
  beforeLoad: ({ context, location }) => {
    void loadCurrentUser(context.queryClient);
    // Once known, an administrator who must set up two-factor sign-in goes there before any page loads (issue 26).
    enrolFirst(cachedCurrentUser(context.queryClient), location.pathname);
  },
  // Started, not awaited: no page waits for the runtime settings, the ones that use them read the same query.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(configQueryOptions());
  },
  // Every page has a description; a route's own `head()` replaces it (components/layout/document-head.tsx).
  head: () => ({ meta: [{ name: 'description', content: DEFAULT_DESCRIPTION }] }),
  component: RootLayout,
  // The same Suspense boundary around the layout on the server (prerendering, D25) as in the browser, where the
  // router adds it anyway: the prerendered HTML then matches what hydrates it.
  wrapInSuspense: true,
  notFoundComponent: NotFoundPage,
});
