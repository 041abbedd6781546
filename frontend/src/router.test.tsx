// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './lib/query-client';
import { loadIdleCodeNow } from './lib/when-idle';
import { createAppRouter } from './router';
import { publicConfig as config, makeUser, reply, stubApi } from './testing/fake-api';

function routerAt(path: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  return { router, queryClient };
}

async function matchedRouteIds(path: string) {
  const { router } = routerAt(path);
  await router.load();
  return { ids: router.state.matches.map((match) => match.routeId), router };
}

beforeEach(() => {
  // An anonymous visitor unless a test signs someone in.
  stubApi();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('route matching', () => {
  it.each([
    ['/', ['/']],
    ['/why-us', ['/why-us']],
    ['/our-values', ['/our-values']],
    ['/dashboards', ['/dashboards']],
    ['/dashboard/3', ['/dashboard/$id']],
    ['/contact', ['/contact']],
    ['/book-consultation', ['/book-consultation']],
    ['/client/login', ['/client/login']],
    ['/client/dashboard', ['/client/dashboard', '/client/dashboard/']],
    ['/client/dashboard/7', ['/client/dashboard', '/client/dashboard/$id']],
    ['/login', ['/login']],
    ['/register', ['/register']],
    ['/reset-password', ['/reset-password']],
    ['/booking/cancel', ['/booking/cancel']],
    ['/booking/reschedule', ['/booking/reschedule']],
  ])('registers %s', async (path, routeIds) => {
    const { ids, router } = await matchedRouteIds(path);
    expect(ids).toEqual(['__root__', ...routeIds]);
    expect(router.state.matches.some((match) => match._notFound)).toBe(false);
  });

  it.each([
    ['/account', ['/_authenticated', '/_authenticated/account']],
    ['/admin', ['/_admin', '/_admin/admin', '/_admin/admin/']],
    ['/admin/people', ['/_admin', '/_admin/admin', '/_admin/admin/people']],
    ['/admin/queues', ['/admin_/queues']],
  ])('registers %s inside its guarded layout (for an administrator)', async (path, routeIds) => {
    stubApi({ 'GET /api/auth/user': reply(makeUser({ isAdmin: true })) });
    const { ids } = await matchedRouteIds(path);
    expect(ids).toEqual(['__root__', ...routeIds]);
  });

  it.each([
    ['/Contact', '/contact'],
    ['/contact/', '/contact'],
    ['/CONTACT/', '/contact'],
    ['/Why-Us/', '/why-us'],
    ['/Client/Login', '/client/login'],
    ['/client/dashboard/', '/client/dashboard/'],
    ['/Booking/Cancel/', '/booking/cancel'],
  ])('matches %s case-insensitively and with a trailing slash', async (path, routeId) => {
    const { ids } = await matchedRouteIds(path);
    expect(ids.at(-1)).toBe(routeId);
  });

  it('keeps the parameter of /CLIENT/Dashboard/5/', async () => {
    const { ids, router } = await matchedRouteIds('/CLIENT/Dashboard/5/');
    expect(ids).toEqual(['__root__', '/client/dashboard', '/client/dashboard/$id']);
    expect(router.state.matches.at(-1)?.params).toEqual({ id: '5' });
  });

  it('matches no page route for an unknown path', async () => {
    const { ids, router } = await matchedRouteIds('/nope');
    expect(ids).toEqual(['__root__']);
    // The root match carries the not-found flag: its notFoundComponent renders (see 'rendering' below).
    expect(router.state.matches[0]?._notFound).toBe(true);
  });

  it('prefetches the public config in the root loader', async () => {
    const { router, queryClient } = routerAt('/');
    await router.load();
    await vi.waitFor(() => expect(queryClient.getQueryData(['config'])).toEqual(config));
    expect(fetch).toHaveBeenCalledWith('/api/config', expect.objectContaining({ credentials: 'include' }));
  });

  it('asks who is signed in from the root route, a 401 meaning an anonymous visitor', async () => {
    const { router, queryClient } = routerAt('/why-us');
    await router.load();
    await vi.waitFor(() => expect(queryClient.getQueryState(['auth', 'user'])?.status).toBe('success'));
    expect(queryClient.getQueryData(['auth', 'user'])).toBeNull();
    expect(fetch).toHaveBeenCalledWith('/api/auth/user', expect.objectContaining({ credentials: 'include' }));
  });
});

describe('rendering', () => {
  function renderAt(path: string) {
    const { router, queryClient } = routerAt(path);
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return router;
  }

  it('shows the not-found page for an unknown path', async () => {
    renderAt('/nope');
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByText("We can't find the page you're looking for.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Homepage' }).getAttribute('href')).toBe('/');
  });

  it('shows a page inside the common layout for a mixed-case path', async () => {
    renderAt('/Why-Us/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Why Choose Lucid Insight' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    // The footer's code comes at the visitor's first intent, or at once on a page the browser renders itself, as
    // here (main.tsx asks for it then).
    loadIdleCodeNow();
    expect(await screen.findByRole('contentinfo')).toBeTruthy();
  });
});
