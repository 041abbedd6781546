// @vitest-environment happy-dom
import { AuthMessages } from '@app/contracts/api/auth';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cleanUpAfterEachTest } from '../../../testing/clean-up';
import { jsonResponse, makeUser, publicConfig, reply, requestsTo, stubApi } from '../../../testing/fake-api';
import { signInPage } from './sign-in-page.testing';

cleanUpAfterEachTest();

const {
  field,
  type,
  submit,
  open: openClientLogin,
} = signInPage({
  path: '/client/login',
  heading: 'Client Dashboard Login',
  submitLabel: 'Login to Dashboard',
});

describe('ClientLoginForm (/client/login)', () => {
  it('has browser-required fields, a forgotten-password link and a contact link', async () => {
    stubApi();
    await openClientLogin();
    expect(field('Email').required).toBe(true);
    expect(field('Email').type).toBe('email');
    expect(field('Password').required).toBe(true);
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/reset-password');
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact');
  });

  it('hides the company-account button while single sign-on is not configured (it would only come back)', async () => {
    const api = stubApi();
    await openClientLogin();
    await waitFor(() => expect(requestsTo(api, 'GET /api/config')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('link', { name: 'Log in with your company account' })).toBeNull();
  });

  it('shows the company-account button when single sign-on is configured, keeping the return path', async () => {
    stubApi({ 'GET /api/config': reply({ ...publicConfig, singleSignOn: true }) });
    await openClientLogin('/client/login?redirect=%2Fclient%2Fdashboard%2F3');
    const sso = await screen.findByRole('link', { name: 'Log in with your company account' });
    expect(sso.getAttribute('href')).toBe('/api/login?redirect=%2Fclient%2Fdashboard%2F3');
  });

  it('signs in with POST /api/auth/login and opens the dashboards as the new user', async () => {
    let signedIn = false;
    const api = stubApi({
      'GET /api/auth/user': () =>
        signedIn ? jsonResponse(makeUser()) : jsonResponse({ message: 'Authentication required' }, 401),
      'POST /api/auth/login': () => {
        signedIn = true;
        return jsonResponse({ user: makeUser() });
      },
    });
    const { router } = await openClientLogin();
    type('Email', 'ada@example.com');
    type('Password', 'correct horse');
    submit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/client/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Client Dashboard' })).toBeTruthy();
    // The header's signed-in part is loaded once someone is signed in.
    expect((await screen.findByTestId('header-welcome')).textContent).toBe('Welcome, Ada');
    expect(requestsTo(api, 'POST /api/auth/login')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
    });
  });

  it.each([
    [403, AuthMessages.deactivated],
    [429, AuthMessages.tooManyAttempts],
  ])("shows the server's %i message in the form's alert", async (status, message) => {
    stubApi({ 'POST /api/auth/login': reply({ message, issues: [] }, status) });
    await openClientLogin();
    type('Email', 'ada@example.com');
    type('Password', 'correct horse');
    submit();
    await waitFor(() => expect(screen.getByTestId('client-login-error').textContent).toBe(message));
  });

  it("says 'Failed to log in. Please try again.' when the server gives no message", async () => {
    stubApi({ 'POST /api/auth/login': () => Promise.reject(new TypeError('Failed to fetch')) });
    await openClientLogin();
    type('Email', 'ada@example.com');
    type('Password', 'correct horse');
    submit();
    await waitFor(() =>
      expect(screen.getByTestId('client-login-error').textContent).toBe('Failed to log in. Please try again.'),
    );
  });
});
