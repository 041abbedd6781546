// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cleanUpAfterEachTest } from '../../../testing/clean-up';
import { type FakeRoute, makeUser, reply, requestsTo, stubApi } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';
import { formatAccountCreated } from './account-settings';

cleanUpAfterEachTest();

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submitProfile = () => fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
/** The names the profile tests send: Ada renamed Augusta. */
const renamed = { firstName: 'Augusta', lastName: 'Lovelace' };
/** The body of the first PUT /api/auth/profile. */
const sentProfile = (api: ReturnType<typeof stubApi>) => requestsTo(api, 'PUT /api/auth/profile')[0]?.body;

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
    expect(screen.getByTestId('password-last-updated').textContent).toBe(
      `Last updated: ${formatAccountCreated('2025-02-01T09:00:00.000Z')}`,
    );
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
    submitProfile();
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(requestsTo(api, 'PUT /api/auth/profile')).toHaveLength(0);
  });

  it("updates names (and the e-mail's letter case) at once, refreshes the header's user and toasts 'Profile Updated'", async () => {
    const { api, queryClient } = await openAccount(
      {},
      { 'PUT /api/auth/profile': reply(makeUser({ firstName: 'Augusta', email: 'Ada@Example.com' })) },
    );
    type('First Name', 'Augusta ');
    type('Email', 'Ada@Example.com');
    submitProfile();

    expect(await screen.findByText('Profile Updated')).toBeTruthy();
    expect(sentProfile(api)).toEqual({ ...renamed, email: 'Ada@Example.com' });
    await waitFor(() => expect(screen.getByTestId('header-welcome').textContent).toBe('Welcome, Augusta'));
    expect(queryClient.getQueryData<{ email: string }>(['auth', 'user'])?.email).toBe('Ada@Example.com');
    expect(field('First Name').value).toBe('Augusta');
  });

  it('asks for the current password only when the e-mail differs, and says where the confirmation link went', async () => {
    const pending = {
      message: 'We sent a confirmation link to the new address. Your email address changes once you open it.',
      pendingEmail: 'ada.new@example.com',
      user: makeUser({ firstName: 'Augusta' }),
    };
    const { api, queryClient } = await openAccount({}, { 'PUT /api/auth/profile': reply(pending, 202) });
    expect(screen.queryByLabelText(/Current Password/)).toBeNull();
    type('Email', 'ADA@example.com');
    expect(screen.queryByLabelText(/Current Password/)).toBeNull();

    type('First Name', 'Augusta');
    type('Email', 'ada.new@example.com');
    expect(field('Current Password')).toBeTruthy();
    submitProfile();
    expect(await screen.findByText('Please enter your current password to change your email address')).toBeTruthy();
    expect(requestsTo(api, 'PUT /api/auth/profile')).toHaveLength(0);

    type('Current Password', 'my password');
    submitProfile();
    expect(await screen.findByText('Confirm Your New Email')).toBeTruthy();
    expect(sentProfile(api)).toEqual({ ...renamed, email: 'ada.new@example.com', currentPassword: 'my password' });
    const note = screen.getByTestId('profile-email-pending');
    expect(note.getAttribute('role')).toBe('status');
    expect(note.textContent).toContain('We sent a confirmation link to ada.new@example.com');
    // The address in use stays the old one until the link is opened; the password field goes away.
    await waitFor(() => expect(field('Email').value).toBe('ada@example.com'));
    expect(screen.queryByLabelText(/Current Password/)).toBeNull();
    expect(queryClient.getQueryData<{ email: string; firstName: string }>(['auth', 'user'])).toMatchObject({
      email: 'ada@example.com',
      firstName: 'Augusta',
    });
  });

  it("shows the server's message under the password when it is wrong", async () => {
    const wrong = {
      message: 'Your current password is incorrect',
      issues: [{ path: 'currentPassword', message: 'Your current password is incorrect' }],
    };
    await openAccount({}, { 'PUT /api/auth/profile': reply(wrong, 403) });
    type('Email', 'ada.new@example.com');
    type('Current Password', 'not it');
    submitProfile();
    expect(await screen.findByText('Update Failed')).toBeTruthy();
    await waitFor(() => expect(field('Current Password').getAttribute('aria-invalid')).toBe('true'));
  });

  it('asks before sending a reset e-mail to the address, then toasts', async () => {
    const { api } = await openAccount({}, { 'POST /api/auth/password-reset-request': reply({ message: 'ok' }, 202) });
    act(() => fireEvent.click(screen.getByRole('button', { name: /Forgot your current password/ })));
    const dialog = await screen.findByTestId('reset-password-dialog');
    expect(dialog.getAttribute('role')).toBe('alertdialog');
    expect(within(dialog).getByTestId('reset-dialog-email').textContent).toBe('ada@example.com');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();

    act(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Send Reset Email' })));
    expect(await screen.findByText('Password Reset Email Sent')).toBeTruthy();
    expect(requestsTo(api, 'POST /api/auth/password-reset-request')[0]?.body).toEqual({ email: 'ada@example.com' });
    await waitFor(() => expect(screen.queryByTestId('reset-password-dialog')).toBeNull());
  });

  it('offers one password action: the change form with a quiet e-mailed link, or a set-password link without one', async () => {
    await openAccount({ hasPassword: true, passwordChangedAt: null });
    const panel = screen.getByTestId('password-panel');
    expect(within(panel).getByTestId('change-password-form')).toBeTruthy();
    expect(
      within(panel)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Change password', 'Forgot your current password? Email me a link instead']);
    expect(screen.getByTestId('password-last-updated').textContent).toBe('Last updated: before we recorded it');
  });

  it('lets a person who signs in only through their organization set a password by e-mail', async () => {
    const { api } = await openAccount(
      { hasPassword: false, passwordChangedAt: null },
      { 'POST /api/auth/password-reset-request': reply({ message: 'ok' }, 202) },
    );
    const panel = screen.getByTestId('password-panel');
    expect(within(panel).queryByTestId('change-password-form')).toBeNull();
    expect(screen.getByTestId('password-last-updated').textContent).toBe(
      'You sign in through your organization and have no password here.',
    );
    act(() => fireEvent.click(within(panel).getByRole('button', { name: 'Set a password' })));
    const dialog = await screen.findByTestId('reset-password-dialog');
    act(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Send Reset Email' })));
    expect(await screen.findByText('Email Sent')).toBeTruthy();
    expect(requestsTo(api, 'POST /api/auth/password-reset-request')).toHaveLength(1);
  });

  it("downloads the person's data from /api/account/personal-data, and says so when refused", async () => {
    const created: Blob[] = [];
    const saved: string[] = [];
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:my-data';
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      let answer: FakeRoute = reply({ email: 'ada@example.com' });
      const { api } = await openAccount(
        {},
        { 'GET /api/account/personal-data': ((request) => answer(request)) satisfies FakeRoute },
      );
      act(() => fireEvent.click(screen.getByRole('button', { name: 'Download my data' })));
      expect(await screen.findByText('Your data is downloaded')).toBeTruthy();
      expect(saved).toEqual(['my-data.json']);
      expect(JSON.parse(await created[0]!.text())).toEqual({ email: 'ada@example.com' });
      answer = reply({ message: 'Too many attempts. Please try again later.' }, 429);
      act(() => fireEvent.click(screen.getByRole('button', { name: 'Download my data' })));
      expect(await screen.findByText('Too many attempts. Please try again later.')).toBeTruthy();
      expect(requestsTo(api, 'GET /api/account/personal-data')).toHaveLength(2);
    } finally {
      createObjectURL.mockRestore();
      click.mockRestore();
    }
  });

  it("toasts 'Reset Failed' when the reset e-mail cannot be requested", async () => {
    await openAccount({}, { 'POST /api/auth/password-reset-request': () => new Response('', { status: 500 }) });
    act(() => fireEvent.click(screen.getByRole('button', { name: /Forgot your current password/ })));
    const dialog = await screen.findByTestId('reset-password-dialog');
    act(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Send Reset Email' })));
    expect(await screen.findByText('Reset Failed')).toBeTruthy();
    expect(screen.getByText('Failed to send password reset email. Please try again.')).toBeTruthy();
  });

  describe('the Google account for Looker Studio dashboards (issue 28)', () => {
    const googleField = () => field('Google account for Looker Studio dashboards');
    const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Google Account' }));

    it('is empty for the e-mail address, refuses what is no address, and saves another one', async () => {
      const { api, queryClient } = await openAccount(
        {},
        { 'PUT /api/account/google-account': reply({ googleAccount: 'ada.work@gmail.com' }) },
      );
      expect(googleField().value).toBe('');
      expect(googleField().placeholder).toBe('ada@example.com');
      fireEvent.change(googleField(), { target: { value: 'ada at gmail' } });
      save();
      expect(await screen.findByText('Please enter a valid Google account (an e-mail address)')).toBeTruthy();
      expect(requestsTo(api, 'PUT /api/account/google-account')).toHaveLength(0);

      fireEvent.change(googleField(), { target: { value: ' Ada.Work@Gmail.com ' } });
      act(() => save());
      await waitFor(() => expect(requestsTo(api, 'PUT /api/account/google-account')).toHaveLength(1));
      expect(requestsTo(api, 'PUT /api/account/google-account')[0]?.body).toEqual({
        googleAccount: 'ada.work@gmail.com',
      });
      const toast = await screen.findByTestId('toast');
      expect(within(toast).getByText('Google Account Saved')).toBeTruthy();
      await waitFor(() => expect(googleField().value).toBe('ada.work@gmail.com'));
      expect(queryClient.getQueryData<{ googleAccount: string | null }>(['auth', 'user'])?.googleAccount).toBe(
        'ada.work@gmail.com',
      );
    });

    it('sends null when emptied, going back to the e-mail address', async () => {
      const { api } = await openAccount(
        { googleAccount: 'ada.work@gmail.com' },
        { 'PUT /api/account/google-account': reply({ googleAccount: null }) },
      );
      expect(googleField().value).toBe('ada.work@gmail.com');
      fireEvent.change(googleField(), { target: { value: '' } });
      act(() => save());
      await waitFor(() => expect(requestsTo(api, 'PUT /api/account/google-account')).toHaveLength(1));
      expect(requestsTo(api, 'PUT /api/account/google-account')[0]?.body).toEqual({ googleAccount: null });
    });

    it("puts the server's refusal under the field", async () => {
      await openAccount(
        {},
        {
          'PUT /api/account/google-account': reply(
            {
              message: 'Validation failed',
              issues: [{ path: 'googleAccount', message: 'This Google account is taken' }],
            },
            422,
          ),
        },
      );
      fireEvent.change(googleField(), { target: { value: 'someone@gmail.com' } });
      act(() => save());
      expect(await screen.findByText('This Google account is taken')).toBeTruthy();
    });
  });
});
