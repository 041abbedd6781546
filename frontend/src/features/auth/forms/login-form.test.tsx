// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { browserLocation } from '../../../lib/browser-location';
import { cleanUpAfterEachTest } from '../../../testing/clean-up';
import { deferred, jsonResponse, makeUser, reply, requestsTo, stubApi } from '../../../testing/fake-api';
import { signInPage } from './sign-in-page.testing';

let assign: MockInstance<(url: string) => void>;

beforeEach(() => {
  assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
  sessionStorage.clear();
});

cleanUpAfterEachTest();

const {
  field,
  type,
  submit,
  open: openLogin,
} = signInPage({
  path: '/login',
  heading: 'Sign In',
  submitLabel: 'Sign In',
});
const alert = () => screen.getByTestId('login-error');

describe('LoginForm (/login)', () => {
  it("asks to fill in all fields in the form's red alert and sends nothing", async () => {
    const api = stubApi();
    await openLogin();
    type('Email', 'ada@example.com');
    submit();

    await waitFor(() => expect(alert().textContent).toBe('Please fill in all fields'));
    expect(alert().getAttribute('role')).toBe('alert');
    expect(alert().closest('form')).toBe(screen.getByTestId('login-form'));
    expect(field('Password').getAttribute('aria-invalid')).toBe('true');
    expect(field('Password').getAttribute('aria-describedby')).toBe(alert().id);
    expect(field('Email').hasAttribute('aria-invalid')).toBe(false);
    expect(requestsTo(api, 'POST /api/auth/login')).toHaveLength(0);
  });

  it("shows the server's 401 message in the alert and stays on the page", async () => {
    stubApi({ 'POST /api/auth/login': reply({ message: 'Invalid email or password', issues: [] }, 401) });
    await openLogin();
    type('Email', 'ada@example.com');
    type('Password', 'wrong-password');
    submit();

    await waitFor(() => expect(alert().textContent).toBe('Invalid email or password'));
    expect(assign).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("says 'Login failed' when the server gives no message of its own", async () => {
    stubApi({ 'POST /api/auth/login': () => new Response('', { status: 502, statusText: 'Bad Gateway' }) });
    await openLogin();
    type('Email', 'ada@example.com');
    type('Password', 'secret-password');
    submit();
    await waitFor(() => expect(alert().textContent).toBe('Login failed'));
  });

  it('sends the redirect of the URL, shows Signing in..., then toasts and loads the returned redirectUrl', async () => {
    const login = deferred();
    const api = stubApi({ 'POST /api/auth/login': login });
    await openLogin('/login?redirect=/account');
    type('Email', '  ada@example.com ');
    type('Password', 'correct horse');
    submit();

    const busy = (await screen.findByRole('button', { name: 'Signing in...' })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    const [request] = requestsTo(api, 'POST /api/auth/login');
    expect(request?.body).toEqual({ email: 'ada@example.com', password: 'correct horse', redirectUrl: '/account' });

    login.respond(jsonResponse({ user: makeUser(), redirectUrl: '/account' }));
    expect(await screen.findByText('Login successful')).toBeTruthy();
    expect(screen.getByText('Welcome back!')).toBeTruthy();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/account'));
    // The page is about to reload: the button stays busy, and the toast waits for the next page too.
    expect((screen.getByRole('button', { name: 'Signing in...' }) as HTMLButtonElement).disabled).toBe(true);
    expect(sessionStorage.getItem('pending-toast')).toContain('Login successful');
  });

  it('sends a client to /client/dashboard without a redirectUrl, and ignores a redirect that leaves the site', async () => {
    const api = stubApi({ 'POST /api/auth/login': reply({ user: makeUser({ isAdmin: false }) }) });
    await openLogin('/login?redirect=//evil.example/steal');
    type('Email', 'ada@example.com');
    type('Password', 'correct horse');
    submit();

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/client/dashboard'));
    expect(requestsTo(api, 'POST /api/auth/login')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
    });
  });

  it('sends an administrator to the admin overview (/admin) without a redirectUrl (issue 27)', async () => {
    stubApi({ 'POST /api/auth/login': reply({ user: makeUser({ isAdmin: true }) }) });
    await openLogin();
    type('Email', 'ada@example.com');
    type('Password', 'correct horse');
    submit();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/admin'));
  });

  it.each(['/.//evil.test', '//evil.test', '/\\evil.test', 'https://evil.test/'])(
    'does not follow a redirectUrl %j that would leave the site, whatever the server answers',
    async (redirectUrl) => {
      stubApi({ 'POST /api/auth/login': reply({ user: makeUser(), redirectUrl }) });
      await openLogin();
      type('Email', 'ada@example.com');
      type('Password', 'correct horse');
      submit();
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/client/dashboard'));
    },
  );

  it("links 'Forgot your password?' to /reset-password", async () => {
    stubApi();
    await openLogin();
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/reset-password');
  });
});
