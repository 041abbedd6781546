// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanUpAfterEachTest } from '../../../testing/clean-up';
import { deferred, jsonResponse, makeUser, reply, stubApi } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';
import { choosePassword, choosePasswordIntoPortal, setPasswordLabels } from './set-password.testing';

cleanUpAfterEachTest();
afterEach(() => vi.restoreAllMocks());

const validToken = {
  valid: true,
  message: 'Token is valid',
  user: { email: 'grace@example.com', firstName: 'Grace' },
};
const registerLabels = setPasswordLabels.register;

describe('/register', () => {
  it("says 'No registration token provided' without a token, and asks nothing of the server", async () => {
    const api = stubApi();
    renderApp('/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registration Error' })).toBeTruthy();
    expect(screen.getByTestId('register-error-message').textContent).toBe('No registration token provided');
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(api.requests.some((request) => request.path.includes('validate-registration-token'))).toBe(false);
  });

  it("shows the server's message for a bad token", async () => {
    stubApi({
      'GET /api/auth/validate-registration-token/used-token': reply({
        valid: false,
        message: 'This registration link has already been used',
        user: null,
      }),
    });
    renderApp('/register?token=used-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registration Error' })).toBeTruthy();
    expect(screen.getByTestId('register-error-message').textContent).toBe(
      'This registration link has already been used',
    );
  });

  it("says 'Failed to validate registration token' when the check itself fails", async () => {
    stubApi({ 'GET /api/auth/validate-registration-token/abc': reply({ message: 'Down' }, 503) });
    renderApp('/register?token=abc');
    expect(await screen.findByTestId('register-error-message')).toBeTruthy();
    expect(screen.getByTestId('register-error-message').textContent).toBe('Failed to validate registration token');
  });

  it('validates the token, welcomes the user, sets the password, and opens the portal signed in (issue 26)', async () => {
    const check = deferred();
    const api = stubApi({
      'GET /api/auth/validate-registration-token/abc234': check,
      'POST /api/auth/complete-registration': reply({
        message: 'Your account has been set up. You are signed in.',
        signedIn: true,
        user: makeUser({ email: 'grace@example.com', isAdmin: false }),
      }),
    });
    const { router } = renderApp('/register?token=abc234');
    expect(await screen.findByText('Validating your registration link...')).toBeTruthy();
    check.respond(jsonResponse(validToken));

    expect(await screen.findByRole('heading', { level: 1, name: 'Complete Your Registration' })).toBeTruthy();
    expect(screen.getByTestId('register-welcome').textContent).toContain('Welcome, Grace!');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('grace@example.com');
    expect((screen.getByLabelText('Email') as HTMLInputElement).readOnly).toBe(true);

    const sent = await choosePasswordIntoPortal(registerLabels, 'a good long password', { router, api });
    expect(sent['POST /api/auth/complete-registration']).toEqual({ token: 'abc234', password: 'a good long password' });
  });

  it('sends an administrator to the sign-in page with the address filled in, not signed in', async () => {
    stubApi({
      'GET /api/auth/validate-registration-token/abc234': reply(validToken),
      'POST /api/auth/complete-registration': reply({
        message: 'Your account has been set up successfully. You can now log in.',
        signedIn: false,
      }),
    });
    const { router } = renderApp('/register?token=abc234');
    await screen.findByRole('heading', { level: 1, name: 'Complete Your Registration' });
    choosePassword(registerLabels, 'a good long password');
    expect(await screen.findByText('Registration completed')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('grace@example.com');
  });

  it("shows the server's refusal of the completion in the form's alert", async () => {
    stubApi({
      'GET /api/auth/validate-registration-token/abc': reply(validToken),
      'POST /api/auth/complete-registration': reply({ message: 'Invalid or expired token', issues: [] }, 400),
    });
    renderApp('/register?token=abc');
    await screen.findByRole('heading', { level: 1, name: 'Complete Your Registration' });
    choosePassword(registerLabels, 'a good long password');
    await waitFor(() => expect(screen.getByTestId('register-error').textContent).toBe('Invalid or expired token'));
  });
});
