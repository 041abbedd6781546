// @vitest-environment happy-dom
import { AuthMessages } from '@app/contracts/api/auth';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '../../../lib/browser-location';
import { cleanUpAfterEachTest } from '../../../testing/clean-up';
import { deferred, jsonResponse, makeUser, reply, requestsTo, stubApi } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';
import { choosePassword, choosePasswordIntoPortal, setPasswordLabels } from './set-password.testing';

cleanUpAfterEachTest();
afterEach(() => vi.restoreAllMocks());

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** GET /api/auth/validate-reset-token's answer for Ada's valid link. */
const validToken = (firstName: string | null) =>
  reply({ valid: true, message: 'Token is valid', user: { email: 'ada@example.com', firstName } });
const resetLabels = setPasswordLabels.reset;

describe('/reset-password without a token', () => {
  it('asks for the address, then says to check the e-mail, and offers to send another link', async () => {
    const request = deferred();
    const api = stubApi({ 'POST /api/auth/request-password-reset': request });
    renderApp('/reset-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() =>
      expect(screen.getByTestId('reset-request-error').textContent).toBe('Please enter your email address'),
    );

    type('Email', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('button', { name: 'Sending reset link...' })).toBeTruthy();
    request.respond(jsonResponse({ message: AuthMessages.resetRequested }, 202));

    expect(await screen.findByRole('heading', { level: 1, name: 'Check Your Email' })).toBeTruthy();
    expect(screen.getByTestId('reset-expiry-note').textContent).toContain('expires in 1 hour');
    // The toasts' region is loaded for the first toast.
    expect(await screen.findByText('Reset link sent')).toBeTruthy();
    expect(screen.getByText(AuthMessages.resetRequested)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(requestsTo(api, 'POST /api/auth/request-password-reset')[0]?.body).toEqual({ email: 'ada@example.com' });

    fireEvent.click(screen.getByRole('button', { name: 'Send Another Reset Link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
  });

  it("shows the server's message when refused, 'Failed to send reset email' otherwise", async () => {
    let status = 429;
    stubApi({
      'POST /api/auth/request-password-reset': () =>
        status === 429
          ? jsonResponse({ message: AuthMessages.tooManyAttempts, issues: [] }, 429)
          : new Response('', { status: 500 }),
    });
    renderApp('/reset-password');
    await screen.findByRole('heading', { level: 1, name: 'Reset Your Password' });
    type('Email', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() =>
      expect(screen.getByTestId('reset-request-error').textContent).toBe(AuthMessages.tooManyAttempts),
    );

    status = 500;
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() =>
      expect(screen.getByTestId('reset-request-error').textContent).toBe('Failed to send reset email'),
    );
  });
});

describe('/reset-password?token=', () => {
  it("shows 'Reset Link Invalid' with the server's message and a way to ask for a new link", async () => {
    stubApi({
      'GET /api/auth/validate-reset-token/old': reply({
        valid: false,
        message: 'This reset link has expired',
        user: null,
      }),
    });
    const { router } = renderApp('/reset-password?token=old');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset Link Invalid' })).toBeTruthy();
    expect(screen.getByTestId('reset-invalid-message').textContent).toBe('This reset link has expired');
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');

    fireEvent.click(screen.getByRole('link', { name: 'Request New Reset Link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeTruthy();
    expect(router.state.location.href).toBe('/reset-password');
  });

  it("falls back to 'This password reset link is invalid or has expired', and says when the check failed", async () => {
    stubApi({
      'GET /api/auth/validate-reset-token/a': reply({ valid: false, message: '', user: null }),
      'GET /api/auth/validate-reset-token/b': reply({ message: 'Down' }, 500),
    });
    renderApp('/reset-password?token=a');
    expect((await screen.findByTestId('reset-invalid-message')).textContent).toBe(
      'This password reset link is invalid or has expired. Please request a new one.',
    );
    cleanup();
    renderApp('/reset-password?token=b');
    expect((await screen.findByTestId('reset-invalid-message')).textContent).toBe('Failed to validate reset token');
  });

  it('greets the user, sets the new password, and opens the portal signed in (issue 26)', async () => {
    const api = stubApi({
      'GET /api/auth/validate-reset-token/tok': validToken(null),
      'POST /api/auth/reset-password': reply({
        message: 'Your password has been updated. You are signed in.',
        signedIn: true,
        user: makeUser({ email: 'ada@example.com', isAdmin: false }),
      }),
    });
    const { router } = renderApp('/reset-password?token=tok');
    expect((await screen.findByTestId('reset-greeting')).textContent).toContain('Hello, ada@example.com!');
    expect((screen.getByLabelText('Email') as HTMLInputElement).readOnly).toBe(true);

    const sent = await choosePasswordIntoPortal(resetLabels, 'brand new password', { router, api });
    expect(sent['POST /api/auth/reset-password']).toEqual({ token: 'tok', newPassword: 'brand new password' });
  });

  it('asks for the second factor of someone who has one, then opens the portal', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const api = stubApi({
      'GET /api/auth/validate-reset-token/tok': validToken('Ada'),
      'POST /api/auth/reset-password': reply({ secondFactorRequired: true, message: 'Enter the code' }, 202),
      'POST /api/auth/login/second-factor': reply({ user: makeUser({ isAdmin: false }) }),
    });
    renderApp('/reset-password?token=tok');
    await screen.findByTestId('reset-greeting');
    choosePassword(resetLabels, 'brand new password');
    fireEvent.change(await screen.findByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('reset-password-code-submit'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/client/dashboard'));
    expect(requestsTo(api, 'POST /api/auth/login/second-factor')[0]?.body).toEqual({ code: '123456' });
  });

  it("says 'Failed to reset password' when the server gives no message", async () => {
    stubApi({
      'GET /api/auth/validate-reset-token/tok': validToken('Ada'),
      'POST /api/auth/reset-password': () => new Response('', { status: 500 }),
    });
    renderApp('/reset-password?token=tok');
    await screen.findByTestId('reset-greeting');
    choosePassword(resetLabels, 'brand new password');
    await waitFor(() =>
      expect(screen.getByTestId('reset-password-error').textContent).toBe('Failed to reset password'),
    );
  });
});
