import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFoundPage } from './components/layout/lazy-not-found-page';
import { RouteError } from './components/layout/route-error';
import { routeTree } from './routeTree.gen';

export interface CreateAppRouterOptions {
  queryClient: QueryClient;
  /** A memory history in tests; the browser's by default. */
  history?: RouterHistory;
}

export function createAppRouter({ queryClient, history }: CreateAppRouterOptions) {
  return createRouter({
    routeTree,
    context: { queryClient },
    ...(history && { history }),
    // Spec section 2: paths match case-insensitively and with or without a trailing slash ('/Contact/').
    caseSensitive: false,
    trailingSlash: 'never',
    defaultNotFoundComponent: NotFoundPage,
    // An exception in a screen shows a message, 'Try again' and the request's id, never a blank page (issue 27).
    defaultErrorComponent: RouteError,
    // Loaders read TanStack Query's cache, which has its own freshness rules.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
