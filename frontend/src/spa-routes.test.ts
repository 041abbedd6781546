import { SPA_ROUTES } from '@app/contracts/spa-routes';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './lib/query-client';
import { createAppRouter } from './router';

/** The router's page paths as `contracts/src/spa-routes.ts` writes them: no layout-only routes, no trailing slash. */
function routerPaths(): string[] {
  const router = createAppRouter({ queryClient: createQueryClient() });
  const paths = Object.keys(router.routesByPath).map((path) => (path.length > 1 ? path.replace(/\/$/, '') : path));
  return [...new Set(paths)].sort();
}

describe('the server’s list of SPA routes', () => {
  it('names exactly the pages the router has, so a new page cannot be answered 404 by the server', () => {
    expect([...SPA_ROUTES].sort()).toEqual(routerPaths());
  });
});
