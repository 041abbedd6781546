// @vitest-environment happy-dom
import type { SsoSettings } from '@app/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { confirmSendsOnce, makeOrganization } from '../../../testing/admin-fixtures';
import { quietScreenTests } from '../../../testing/clean-up';
import { reply, stubApi } from '../../../testing/fake-api';
import { OrganizationSsoButton } from './organization-sso-dialog';

// Issue 17 on the admin kit (issue 27): an organization's single sign-on is set in a side panel, and removing it asks
// first (an alertdialog) instead of a second click on the same button.

quietScreenTests();

const settings: SsoSettings = {
  organizationId: 1,
  issuer: 'https://login.example.com/v2.0',
  clientId: 'portal',
  hasClientSecret: true,
  domains: ['acme.test', 'staff.acme.test'],
  allowAccountCreation: false,
  redirectUri: 'https://portal.test/api/auth/sso/callback',
  updatedAt: '2026-01-01T00:00:00Z',
};

function openPanel(routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({ 'GET /api/admin/organizations/1/sso': reply(settings), ...routes });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <OrganizationSsoButton organization={makeOrganization()} />
    </QueryClientProvider>,
  );
  act(() => fireEvent.click(screen.getByRole('button', { name: 'Single sign-on of Acme' })));
  return api;
}

describe("an organization's single sign-on", () => {
  it('opens in the side panel with the stored settings, the secret never filled in', async () => {
    openPanel();
    const panel = await screen.findByTestId('organization-sso-dialog');
    expect(within(panel).getByRole('heading', { name: 'Single sign-on: Acme' })).toBeTruthy();
    const issuer = (await within(panel).findByTestId('sso-issuer')) as HTMLInputElement;
    expect(issuer.value).toBe(settings.issuer);
    expect((within(panel).getByTestId('sso-domains') as HTMLInputElement).value).toBe('acme.test, staff.acme.test');
    const secret = within(panel).getByTestId('sso-client-secret') as HTMLInputElement;
    expect(secret.value).toBe('');
    expect(secret.type).toBe('password');
    expect(within(panel).getByText('Stored. Leave empty to keep the current secret.')).toBeTruthy();
  });

  it('asks before removing it, and removes it only once confirmed', async () => {
    const api = openPanel({ 'DELETE /api/admin/organizations/1/sso': reply(null, 204) });
    const panel = await screen.findByTestId('organization-sso-dialog');
    const remove = await within(panel).findByTestId('sso-remove');
    act(() => fireEvent.click(remove));
    await confirmSendsOnce(
      api,
      'DELETE /api/admin/organizations/1/sso',
      'sso-remove-dialog',
      'sign in with passwords again',
    );
    await waitFor(() => expect(screen.queryByTestId('organization-sso-dialog')).toBeNull());
  });
});
