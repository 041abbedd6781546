import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { browserLocation } from '../../../lib/browser-location';
import type { stubApi } from '../../../testing/fake-api';
import type { renderApp } from '../../../testing/render-app';

/** The labels of a set-password page's form (/register, /reset-password with a token). */
interface SetPasswordLabels {
  password: string;
  confirm: string;
  submit: string;
}

/** Those of /register and of /reset-password with a token. */
export const setPasswordLabels = {
  register: { password: 'Password', confirm: 'Confirm Password', submit: 'Complete Registration' },
  reset: { password: 'New Password', confirm: 'Confirm New Password', submit: 'Update Password' },
} satisfies Record<string, SetPasswordLabels>;

/** Types `password` in both fields of a set-password page and presses its submit. */
export function choosePassword(labels: SetPasswordLabels, password: string) {
  for (const label of [labels.password, labels.confirm])
    fireEvent.change(screen.getByLabelText(label), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: labels.submit }));
}

/**
 * Chooses `password` as someone whom the answer signs in (issue 26): the portal opens by a full page load, and the
 * router has not moved off the page before it. Returns the bodies of the requests sent meanwhile, by 'METHOD /path'.
 */
export async function choosePasswordIntoPortal(
  labels: SetPasswordLabels,
  password: string,
  { router, api }: { router: ReturnType<typeof renderApp>['router']; api: ReturnType<typeof stubApi> },
): Promise<Record<string, unknown>> {
  const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
  const path = router.state.location.pathname;
  const before = api.requests.length;
  choosePassword(labels, password);
  await waitFor(() => expect(assign).toHaveBeenCalledWith('/client/dashboard'));
  expect(router.state.location.pathname).toBe(path);
  return Object.fromEntries(
    api.requests.slice(before).map((request) => [`${request.method} ${request.path}`, request.body]),
  );
}
