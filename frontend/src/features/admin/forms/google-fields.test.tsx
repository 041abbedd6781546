// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  type AdminRoutes,
  adminApi,
  chooseRowAction,
  makeOrganization,
  openCreatePanel,
  press,
  typeInto,
} from '../../../testing/admin-fixtures';
import { quietScreenTests } from '../../../testing/clean-up';
import { makeUser, reply, requestsTo } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';
import { USER_GOOGLE_ACCOUNT_HINT } from './edit-user-form';
import { GOOGLE_GROUP_HINT } from './organization-form';

// Issue 28: an organization may name a Google group it manages itself, and a person a Google account other than their
// e-mail address; Looker Studio reports are shared with those.

quietScreenTests();

describe("an organization's Google group", () => {
  it('is optional, must be an address, and is sent in lower case', async () => {
    const api = adminApi(
      {},
      {
        'POST /api/admin/organizations': reply(
          makeOrganization({ id: 3, name: 'Initech', googleGroup: 'x@y.test' }),
          201,
        ),
      },
    );
    renderApp('/admin?tab=organizations');
    const form = await openCreatePanel('organization-create', 'organization-form');
    expect(within(form).getByText(GOOGLE_GROUP_HINT)).toBeTruthy();
    typeInto(form, 'Name', 'Initech');
    typeInto(form, 'Google group (optional)', 'analysts');
    press(form, 'Create Organization');
    expect(
      await within(form).findByText('Google group must be an e-mail address (like analysts@example.com)'),
    ).toBeTruthy();
    expect(requestsTo(api, 'POST /api/admin/organizations')).toHaveLength(0);

    typeInto(form, 'Google group (optional)', ' Analysts@Initech.test ');
    press(form, 'Create Organization');
    await waitFor(() => expect(requestsTo(api, 'POST /api/admin/organizations')).toHaveLength(1));
    expect(requestsTo(api, 'POST /api/admin/organizations')[0]?.body).toMatchObject({
      name: 'Initech',
      googleGroup: 'analysts@initech.test',
    });
  });

  it('shows in the list beside the domain', async () => {
    adminApi({ organizations: [makeOrganization({ googleGroup: 'analysts@acme.test' })] });
    renderApp('/admin?tab=organizations');
    expect((await screen.findByTestId('organization-group')).textContent).toBe('Group: analysts@acme.test');
  });
});

describe("a person's Google account, set by an admin", () => {
  const client = makeUser({ id: 2, email: 'client@acme.test', googleAccount: 'client.work@gmail.com' });

  async function editClient(routes: AdminRoutes = {}) {
    const api = adminApi({}, { 'GET /api/admin/users': reply([client]), ...routes });
    renderApp('/admin?tab=users');
    const row = (await screen.findAllByTestId('user-row'))[0]!;
    expect(row.textContent).toContain('Google: client.work@gmail.com');
    await chooseRowAction('client@acme.test', 'user-edit');
    const dialog = await screen.findByTestId('edit-user-dialog');
    return { api, dialog };
  }

  it('is shown for editing, refused when it is no address, and emptied to go back to the e-mail', async () => {
    const { api, dialog } = await editClient({ 'PUT /api/admin/users/2': reply({ ...client, googleAccount: null }) });
    const field = within(dialog).getByLabelText('Google account (optional)') as HTMLInputElement;
    expect(field.value).toBe('client.work@gmail.com');
    expect(within(dialog).getByText(USER_GOOGLE_ACCOUNT_HINT)).toBeTruthy();

    typeInto(dialog, 'Google account (optional)', 'client at gmail');
    press(dialog, 'Update User');
    expect(await within(dialog).findByText('Please enter a valid Google account (an e-mail address)')).toBeTruthy();
    expect(requestsTo(api, 'PUT /api/admin/users/2')).toHaveLength(0);

    typeInto(dialog, 'Google account (optional)', '');
    press(dialog, 'Update User');
    await waitFor(() => expect(requestsTo(api, 'PUT /api/admin/users/2')).toHaveLength(1));
    expect(requestsTo(api, 'PUT /api/admin/users/2')[0]?.body).toMatchObject({ googleAccount: null });
  });
});
