// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../../components/ui/toaster';
import { makeUser, reply, requestsTo, stubApi } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';
import { formatAccountCreated } from './account-settings';

afterEach(() => {
  cleanup();
  toaster.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

async function openAccount(overrides: Parameters<typeof makeUser>[0] = {}, routes = {}) {
  const api = stubApi({ 'GET /api/auth/user': reply(makeUser(overrides)), ...routes });
  const app = renderApp('/account');
  await screen.findByRole('heading', { level: 1, name: 'Account Settings' });
  return { ...app, api };
}

describe('/account', () => {
  it('shows the profile, the password line and the account facts', async () => {
    await openAccount({ id: 42, isAdmin: true });
    expect(field('First Name').value).toBe('Ada');
    expect(field('Last Name').value).toBe('Lovelace');
    expect(field('Email').value).toBe('ada@example.com');
    expect(screen.getByTestId('password-last-updated').textContent).toBe('Last updated: Not available');
    expect(screen.getByTestId('account-id').textContent).toBe('42');
    expect(screen.getByTestId('account-created').textContent).toBe(formatAccountCreated('2024-11-05T10:00:00.000Z'));
    expect(screen.getByTestId('account-type').textContent).toBe('Administrator');
  });

  it("says 'Standard User' and 'N/A' for a client without a creation date", async () => {
    await openAccount({ isAdmin: false, createdAt: '' });
    expect(screen.getByTestId('account-type').textContent).toBe('Standard User');
    expect(screen.getByTestId('account-created').textContent).toBe('N/A');
  });

  it('checks the profile fields with the messages of the spec', async () => {
    const { api } = await openAccount();
    type('First Name', ' ');
    type('Last Name', '');
    type('Email', 'nope');
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(requestsTo(api, 'PUT /api/auth/profile')).toHaveLength(0);
  });

  it("updates the profile, refreshes the header's user and toasts 'Profile Updated'", async () => {
    const { api, queryClient } = await openAccount(
      {},
      { 'PUT /api/auth/profile': reply(makeUser({ firstName: 'Augusta', email: 'augusta@example.com' })) },
    );
    type('First Name', 'Augusta ');
    type('Email', 'augusta@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));

    expect(await screen.findByText('Profile Updated')).toBeTruthy();
    expect(requestsTo(api, 'PUT /api/auth/profile')[0]?.body).toEqual({
      firstName: 'Augusta',
      lastName: 'Lovelace',
      email: 'augusta@example.com',
    });
    await waitFor(() => expect(screen.getByTestId('header-welcome').textContent).toBe('Welcome, Augusta'));
    expect(queryClient.getQueryData<{ email: string }>(['auth', 'user'])?.email).toBe('augusta@example.com');
    expect(field('First Name').value).toBe('Augusta');
  });

  it("toasts 'Update Failed' with the server's message when the address is taken", async () => {
    await openAccount(
      {},
      { 'PUT /api/auth/profile': reply({ message: 'This email address is already in use', issues: [] }, 409) },
    );
    type('Email', 'taken@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Update Failed')).toBeTruthy();
    const toast = screen.getByTestId('toast');
    expect(toast.getAttribute('data-variant')).toBe('destructive');
    expect(within(toast).getByText('This email address is already in use')).toBeTruthy();
  });

  it('asks before sending a reset e-mail to the address, then toasts', async () => {
    const { api } = await openAccount({}, { 'POST /api/auth/password-reset-request': reply({ message: 'ok' }, 202) });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Reset Password' })));
    const dialog = await screen.findByTestId('reset-password-dialog');
    expect(dialog.getAttribute('role')).toBe('alertdialog');
    expect(within(dialog).getByTestId('reset-dialog-email').textContent).toBe('ada@example.com');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();

    act(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Send Reset Email' })));
    expect(await screen.findByText('Password Reset Email Sent')).toBeTruthy();
    expect(requestsTo(api, 'POST /api/auth/password-reset-request')[0]?.body).toEqual({ email: 'ada@example.com' });
    await waitFor(() => expect(screen.queryByTestId('reset-password-dialog')).toBeNull());
  });

  it("toasts 'Reset Failed' when the reset e-mail cannot be requested", async () => {
    await openAccount({}, { 'POST /api/auth/password-reset-request': () => new Response('', { status: 500 }) });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Reset Password' })));
    const dialog = await screen.findByTestId('reset-password-dialog');
    act(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Send Reset Email' })));
    expect(await screen.findByText('Reset Failed')).toBeTruthy();
    expect(screen.getByText('Failed to send password reset email. Please try again.')).toBeTruthy();
  });
});
