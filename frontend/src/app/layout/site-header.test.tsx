// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadIdleCodeNow } from '../../lib/when-idle';
import { cleanUpAfterEachTest } from '../../testing/clean-up';
import { makeUser, reply, requestsTo, stubApi } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

cleanUpAfterEachTest();
// The header as the SPA renders it in the browser (main.tsx): the menus' code is asked for at once, not on intent.
loadIdleCodeNow();

const header = () => within(screen.getByTestId('site-header'));
const mobileMenu = () => screen.getByTestId('mobile-menu');

/** Opens the desktop account menu ('Welcome, ...') and returns its content. */
async function openAccountMenu() {
  const trigger = await screen.findByTestId('account-menu-trigger');
  act(() => {
    fireEvent.pointerDown(trigger, { button: 0, pointerType: 'mouse' });
    fireEvent.click(trigger);
  });
  return within(await screen.findByTestId('account-menu'));
}

/** Clicks a menu item. */
function choose(item: HTMLElement) {
  act(() => {
    fireEvent.click(item);
  });
}

describe('SiteHeader', () => {
  it("offers 'Book Consultation' and 'Login' to an anonymous visitor, and 'Client Login' in the mobile menu", async () => {
    stubApi();
    renderApp('/');
    const login = await screen.findByTestId('header-login-link');
    expect(login.textContent).toBe('Login');
    expect(login.getAttribute('href')).toBe('/login');
    expect(header().getByRole('link', { name: 'Book Consultation' }).getAttribute('href')).toBe('/book-consultation');
    expect(screen.queryByTestId('header-welcome')).toBeNull();
    expect(screen.queryByTestId('account-menu-trigger')).toBeNull();

    const mobile = within(mobileMenu());
    expect(mobile.getByText('Client Login').closest('a')?.getAttribute('href')).toBe('/api/login');
    expect(mobile.getByText('Book Consultation').closest('a')?.getAttribute('href')).toBe('/book-consultation');
    expect(mobile.queryByTestId('mobile-account')).toBeNull();
    // The home page's 'Already a Client?' block.
    expect(screen.getByTestId('cta-client-link').textContent).toContain('Client Login');
  });

  it('welcomes a signed-in client by first name, with My Dashboards, Account Settings and Log Out but no Admin', async () => {
    stubApi({ 'GET /api/auth/user': reply(makeUser()) });
    renderApp('/');
    expect((await screen.findByTestId('header-welcome')).textContent).toBe('Welcome, Ada');
    expect(header().getByTestId('header-dashboards-link').getAttribute('href')).toBe('/client/dashboard');
    expect(header().queryByRole('link', { name: 'Login' })).toBeNull();
    expect(header().queryByRole('link', { name: 'Book Consultation' })).toBeNull();

    const menu = await openAccountMenu();
    expect(menu.getByText('Account Settings').closest('a')?.getAttribute('href')).toBe('/account');
    expect(menu.getByTestId('header-logout').textContent).toContain('Log Out');
    expect(menu.queryByText('Admin')).toBeNull();

    const mobile = within(mobileMenu());
    expect(mobile.getByTestId('mobile-welcome').textContent).toBe('Welcome, Ada');
    expect(mobile.getByText('My Dashboards').closest('a')?.getAttribute('href')).toBe('/client/dashboard');
    expect(mobile.getByText('Account Settings').closest('a')?.getAttribute('href')).toBe('/account');
    expect(mobile.getByTestId('mobile-logout').getAttribute('href')).toBe('/api/logout');
    expect(mobile.queryByText('Admin')).toBeNull();
    expect(mobile.queryByText('Client Login')).toBeNull();
    // Every 'Client Login' of the home page became 'Go to My Dashboards'.
    const cta = screen.getByTestId('cta-client-link');
    expect(cta.textContent).toContain('Go to My Dashboards');
    expect(cta.getAttribute('href')).toBe('/client/dashboard');
    expect(screen.queryByText('Client Login')).toBeNull();
  });

  it('shows the Admin link to administrators and greets by e-mail when there is no first name', async () => {
    stubApi({ 'GET /api/auth/user': reply(makeUser({ isAdmin: true, firstName: null, email: 'root@example.com' })) });
    renderApp('/');
    expect((await screen.findByTestId('header-welcome')).textContent).toBe('Welcome, root@example.com');

    const menu = await openAccountMenu();
    expect(menu.getByTestId('header-admin-link').getAttribute('href')).toBe('/admin');
    expect(within(mobileMenu()).getByTestId('mobile-admin-link').getAttribute('href')).toBe('/admin');
  });

  it('logs out with POST /api/auth/logout, forgets the user and goes home', async () => {
    const api = stubApi({
      'GET /api/auth/user': reply(makeUser()),
      'POST /api/auth/logout': reply(null, 204),
    });
    const { router, queryClient } = renderApp('/why-us');
    const menu = await openAccountMenu();
    choose(menu.getByTestId('header-logout'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await header().findByTestId('header-login-link')).toBeTruthy();
    expect(screen.queryByTestId('header-welcome')).toBeNull();
    expect(requestsTo(api, 'POST /api/auth/logout')).toHaveLength(1);
    expect(queryClient.getQueryData(['auth', 'user'])).toBeNull();
  });

  it('only logs a failed log-out', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({
      'GET /api/auth/user': reply(makeUser()),
      'POST /api/auth/logout': reply({ message: 'Boom', issues: [] }, 500),
    });
    const { router } = renderApp('/why-us');
    const menu = await openAccountMenu();
    choose(menu.getByTestId('header-logout'));

    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Logging out failed', expect.anything()));
    expect(router.state.location.pathname).toBe('/why-us');
    expect(screen.getByTestId('header-welcome').textContent).toBe('Welcome, Ada');
  });
});
