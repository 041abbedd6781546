// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../lib/api';
import { NewPasswordForm } from './new-password-form';

const onSubmit = vi.fn<(password: string) => Promise<unknown>>();
const onSuccess = vi.fn();

beforeEach(() => {
  onSubmit.mockReset().mockResolvedValue({ message: 'ok' });
  onSuccess.mockReset();
  render(
    <NewPasswordForm
      email="ada@example.com"
      passwordLabel="Password"
      submitLabel="Complete Registration"
      pendingLabel="Setting up account..."
      failureFallback="Failed to complete registration"
      onSubmit={onSubmit}
      onSuccess={onSuccess}
      testId="register"
    />,
  );
});

afterEach(cleanup);

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Complete Registration' }));
const alertText = () => screen.queryByTestId('register-error')?.textContent;

/** Types `typed` (by label) and submits: the alert says `message`, the field `invalid` is marked, nothing is sent. */
async function expectRefused(typed: Record<string, string>, message: string, invalid: string) {
  for (const [label, value] of Object.entries(typed)) type(label, value);
  submit();
  await waitFor(() => expect(alertText()).toBe(message));
  expect(field(invalid).getAttribute('aria-invalid')).toBe('true');
  expect(onSubmit).not.toHaveBeenCalled();
}

describe('NewPasswordForm', () => {
  it('shows the e-mail address read-only', () => {
    expect(field('Email').value).toBe('ada@example.com');
    expect(field('Email').readOnly).toBe(true);
  });

  it('asks to fill in all fields when one is empty, and submits nothing', () =>
    expectRefused({ Password: 'long enough password' }, 'Please fill in all fields', 'Confirm Password'));

  it('refuses a password shorter than 8 characters', () =>
    expectRefused(
      { Password: 'short', 'Confirm Password': 'short' },
      'Password must be at least 8 characters long',
      'Password',
    ));

  it('refuses two passwords that differ, then clears the message once they match', async () => {
    const typed = { Password: 'long enough password', 'Confirm Password': 'long enough passw0rd' };
    await expectRefused(typed, 'Passwords do not match', 'Confirm Password');
    expect(screen.getByTestId('register-error').getAttribute('role')).toBe('alert');

    type('Confirm Password', 'long enough password');
    await waitFor(() => expect(alertText()).toBeUndefined());
  });

  it('sends the password and reports success', async () => {
    type('Password', 'long enough password');
    type('Confirm Password', 'long enough password');
    submit();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenCalledWith('long enough password');
  });

  it("shows the server's message, or the fallback, when the submit fails", async () => {
    onSubmit.mockRejectedValueOnce(
      new ApiRequestError('400: ...', 400, { message: 'This registration link has already been used', issues: [] }),
    );
    type('Password', 'long enough password');
    type('Confirm Password', 'long enough password');
    submit();
    await waitFor(() => expect(alertText()).toBe('This registration link has already been used'));

    onSubmit.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    submit();
    await waitFor(() => expect(alertText()).toBe('Failed to complete registration'));
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
