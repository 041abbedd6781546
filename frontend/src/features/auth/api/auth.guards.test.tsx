// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cleanUpAfterEachTest } from '../../../testing/clean-up';
import { makeUser, reply, requestsTo, stubApi, withoutSessionHint } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

cleanUpAfterEachTest();

const signedIn = (overrides: Parameters<typeof makeUser>[0] = {}) =>
  stubApi({ 'GET /api/auth/user': reply(makeUser(overrides)) });

describe('guarded routes', () => {
  it('sends an anonymous visitor of /admin home', async () => {
    stubApi();
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Admin overview' })).toBeNull();
  });

  it('sends a signed-in client who is not an administrator from /admin home', async () => {
    signedIn({ isAdmin: false });
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByTestId('header-welcome')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Admin overview' })).toBeNull();
  });

  it('lets an administrator into /admin', async () => {
    signedIn({ isAdmin: true });
    const { router } = renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin overview' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin');
  });

  /** An administrator who must set up two-factor sign-in first (the API refuses them everything else meanwhile). */
  const mustEnrol = () =>
    stubApi({
      'GET /api/auth/user': reply(makeUser({ isAdmin: true, twoFactor: { enabled: false, enrolmentRequired: true } })),
      'GET /api/auth/two-factor': reply({
        enabled: false,
        enabledAt: null,
        recoveryCodesLeft: 0,
        enrolmentRequired: true,
        available: true,
      }),
    });

  it('sends an administrator who must set up two-factor sign-in from /admin to /account/two-factor (issue 17)', async () => {
    mustEnrol();
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/two-factor'));
    expect(await screen.findByTestId('two-factor-required')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Admin overview' })).toBeNull();
  });

  it.each(['/client/dashboard', '/client/dashboard/3', '/client/login', '/account', '/', '/dashboards', '/contact'])(
    'sends that administrator from %s to /account/two-factor too: before anything else means every page (issue 26)',
    async (path) => {
      mustEnrol();
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/account/two-factor'));
      expect(await screen.findByTestId('two-factor-required')).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'Client Dashboard' })).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Account Settings' })).toBeNull();
    },
  );

  it('keeps that administrator there when they follow a link elsewhere', async () => {
    mustEnrol();
    const { router } = renderApp('/account/two-factor');
    expect(await screen.findByTestId('two-factor-required')).toBeTruthy();
    await router.navigate({ to: '/client/dashboard' });
    await router.navigate({ to: '/' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/two-factor'));
  });

  it('sends an anonymous visitor of /account to /login?redirect=/account', async () => {
    stubApi();
    const { router } = renderApp('/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/account' });
    expect(router.state.location.href).toBe('/login?redirect=%2Faccount');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
  });

  it('shows /account to a signed-in user', async () => {
    signedIn();
    renderApp('/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Settings' })).toBeTruthy();
  });

  it('sends a signed-in client from /client/login to /client/dashboard', async () => {
    signedIn();
    const { router } = renderApp('/client/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Client Dashboard' })).toBeTruthy();
  });

  it('sends a signed-in client from /login to /client/dashboard, not to the sign-in form (item 8)', async () => {
    signedIn({ isAdmin: false });
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Client Dashboard' })).toBeTruthy();
    expect(screen.queryByTestId('login-form')).toBeNull();
  });

  it('sends a signed-in administrator from /login to the admin overview (issue 27)', async () => {
    signedIn({ isAdmin: true });
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(screen.queryByTestId('login-form')).toBeNull();
  });

  it('sends a signed-in person from /login?redirect=/account to /account, never off the site', async () => {
    signedIn();
    const { router } = renderApp('/login?redirect=%2Faccount');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    signedIn();
    const other = renderApp('/login?redirect=%2F.%2F%2Fevil.test');
    await waitFor(() => expect(other.router.state.location.pathname).toBe('/client/dashboard'));
  });

  it('asks nobody who is signed in when the browser holds no session hint, and shows the sign-in form', async () => {
    const api = stubApi({ 'GET /api/auth/user': reply(makeUser()) });
    withoutSessionHint();
    const { router } = renderApp('/login');
    expect(await screen.findByTestId('login-form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(requestsTo(api, 'GET /api/auth/user')).toHaveLength(0);
  });

  it('treats a stale hint (the session ended: 401) as anonymous', async () => {
    const api = stubApi();
    const { router } = renderApp('/client/login');
    expect(await screen.findByTestId('client-login-form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/client/login');
    expect(requestsTo(api, 'GET /api/auth/user')).toHaveLength(1);
  });

  it.each([
    ['/client/dashboard', '/client/login'],
    // 'Login' keeps the dashboard it was shown for (issue 26).
    ['/client/dashboard/3', '/client/login?redirect=%2Fclient%2Fdashboard%2F3'],
  ])("shows 'Access Required' to an anonymous visitor of %s, its Login coming back there", async (path, login) => {
    stubApi();
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Required' })).toBeTruthy();
    expect(screen.getByText('Please log in to access your dashboards')).toBeTruthy();
    const card = within(screen.getByTestId('access-required'));
    expect(card.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(login);
    expect(router.state.location.pathname).toBe(path);
  });

  it('shows the client portal to a signed-in client', async () => {
    signedIn();
    renderApp('/client/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Client Dashboard' })).toBeTruthy();
    expect(screen.queryByText('Access Required')).toBeNull();
  });
});
