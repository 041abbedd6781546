// @vitest-environment happy-dom
import type { AdminDashboard, AdminOrganization, User } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanUpAfterEachTest } from '../../testing/clean-up';
import { type FakeRoute, jsonResponse, makeUser, reply, requestsTo, stubApi } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

// Item 9 of issue 12: a field's server error (422) used to stay in the form's state after the field was corrected,
// so every later submit was refused without a request until the page was reloaded.

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

cleanUpAfterEachTest();

/** A 422 on `path` for the first request, then `then` for every later one. */
function failsOnceOn(path: string, message: string, then: FakeRoute): FakeRoute {
  let calls = 0;
  return (request) => (calls++ === 0 ? jsonResponse({ message, issues: [{ path, message }] }, 422) : then(request));
}

const admin = makeUser({ id: 1, email: 'root@example.com', firstName: 'Root', isAdmin: true });
const organizations: AdminOrganization[] = [
  { id: 1, name: 'Acme', domain: 'acme.test', logoUrl: null, isActive: true, createdAt: '2025-01-01T00:00:00Z' },
];
const dashboard: AdminDashboard = {
  id: 10,
  name: 'Sales Overview',
  description: null,
  category: 'Sales',
  type: 'PowerBI',
  embedUrl: 'https://app.powerbi.com/view?r=1',
  thumbnailUrl: null,
  isPublic: true,
  viewCount: 0,
  lastViewedAt: null,
};
const users: User[] = [
  { ...admin, organizations: [] },
  makeUser({ id: 2, email: 'client@acme.test', isAdmin: false, organizations: [{ id: 1, name: 'Acme' }] }),
];

function openAdmin(path: string, routes: Record<string, FakeRoute>) {
  const api = stubApi({
    'GET /api/auth/user': reply(admin),
    'GET /api/admin/organizations': reply(organizations),
    'GET /api/admin/dashboards-direct': reply([dashboard]),
    'GET /api/admin/users': reply(users),
    'GET /api/admin/organization-dashboards': reply([]),
    'GET /api/admin/audit': reply([]),
    ...routes,
  });
  return { ...renderApp(path), api };
}

const change = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

/** Submits, waits for the field's server message, corrects the field, submits again: the request is sent twice. */
async function correctAndResubmit(options: {
  api: ReturnType<typeof stubApi>;
  scope: HTMLElement;
  request: string;
  submit: string;
  label: string;
  message: string;
  corrected: string;
}) {
  const { api, scope, request, submit, label, message, corrected } = options;
  act(() => fireEvent.click(within(scope).getByRole('button', { name: submit })));
  expect(await within(scope).findByText(message)).toBeTruthy();
  await waitFor(() => expect(within(scope).getByLabelText(label).getAttribute('aria-invalid')).toBe('true'));
  expect(requestsTo(api, request)).toHaveLength(1);

  change(scope, label, corrected);
  // The server's message goes as soon as the field changes, before any new answer.
  await waitFor(() => expect(within(scope).queryByText(message)).toBeNull());
  expect(within(scope).getByLabelText(label).getAttribute('aria-invalid')).toBeNull();
  act(() => fireEvent.click(within(scope).getByRole('button', { name: submit })));
  await waitFor(() => expect(requestsTo(api, request)).toHaveLength(2));
}

describe('a server error on a field clears when the field changes, and the form submits again', () => {
  it('admin organization form', async () => {
    const message = 'The logo URL must be an https address or a path on this site';
    const { api } = openAdmin('/admin', {
      'POST /api/admin/organizations': failsOnceOn('logoUrl', message, reply({ ...organizations[0], id: 3 }, 201)),
    });
    const form = await screen.findByTestId('organization-form');
    change(form, 'Name', 'Initech');
    change(form, 'Logo URL', 'http://initech.test/logo.png');
    await correctAndResubmit({
      api,
      scope: form,
      request: 'POST /api/admin/organizations',
      submit: 'Create Organization',
      label: 'Logo URL',
      message,
      corrected: 'https://initech.test/logo.png',
    });
    expect(requestsTo(api, 'POST /api/admin/organizations')[1]?.body).toMatchObject({
      logoUrl: 'https://initech.test/logo.png',
    });
    expect(await screen.findByText('Organization created')).toBeTruthy();
  });

  it('admin dashboard form (http embed URL, then https)', async () => {
    const message = 'The embed URL must be an https address';
    const { api } = openAdmin('/admin?tab=dashboards', {
      'POST /api/admin/dashboards': failsOnceOn('embedUrl', message, reply({ ...dashboard, id: 11 }, 201)),
    });
    const form = await screen.findByTestId('dashboard-form');
    change(form, 'Name', 'Report');
    change(form, 'Category', 'Sales');
    change(form, 'Embed URL or iframe code', 'http://example.com/report');
    await correctAndResubmit({
      api,
      scope: form,
      request: 'POST /api/admin/dashboards',
      submit: 'Create Dashboard',
      label: 'Embed URL or iframe code',
      message,
      corrected: 'https://example.com/report',
    });
    expect(requestsTo(api, 'POST /api/admin/dashboards')[1]?.body).toMatchObject({
      embedUrl: 'https://example.com/report',
    });
    expect(await screen.findByText('Dashboard created')).toBeTruthy();
  });

  it('admin new user form', async () => {
    const message = 'Please enter a valid email address';
    const { api } = openAdmin('/admin?tab=users', {
      'POST /api/admin/users': failsOnceOn('email', message, reply(makeUser({ id: 5, email: 'new@acme.test' }), 201)),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create New User' }));
    const dialog = await screen.findByTestId('create-user-dialog');
    change(dialog, 'Email', 'new@acme.tes');
    await correctAndResubmit({
      api,
      scope: dialog,
      request: 'POST /api/admin/users',
      submit: 'Create User',
      label: 'Email',
      message,
      corrected: 'new@acme.test',
    });
    expect(await screen.findByText('User created')).toBeTruthy();
  });

  it('admin edit user form', async () => {
    const message = 'Please enter a valid email address';
    const { api } = openAdmin('/admin?tab=users', {
      'PUT /api/admin/users/2': failsOnceOn('email', message, reply(users[1])),
    });
    const row = (await screen.findAllByTestId('user-row')).find((r) => r.getAttribute('data-id') === '2')!;
    act(() => fireEvent.click(within(row).getByRole('button', { name: 'Edit client@acme.test' })));
    const dialog = await screen.findByTestId('edit-user-dialog');
    change(dialog, 'Email', 'client@acme.tes');
    await correctAndResubmit({
      api,
      scope: dialog,
      request: 'PUT /api/admin/users/2',
      submit: 'Update User',
      label: 'Email',
      message,
      corrected: 'client@acme.test',
    });
    expect(await screen.findByText('User updated')).toBeTruthy();
  });

  it('account profile form', async () => {
    const message = 'First name is too long';
    const api = stubApi({
      'GET /api/auth/user': reply(makeUser()),
      'PUT /api/auth/profile': failsOnceOn('firstName', message, reply(makeUser({ firstName: 'Augusta' }))),
    });
    renderApp('/account');
    const form = await screen.findByTestId('profile-form');
    change(form, 'First Name', 'Augustaaaaaaaaaaaaaaaa');
    await correctAndResubmit({
      api,
      scope: form,
      request: 'PUT /api/auth/profile',
      submit: 'Update Profile',
      label: 'First Name',
      message,
      corrected: 'Augusta',
    });
    expect(await screen.findByText('Profile Updated')).toBeTruthy();
  });
});
