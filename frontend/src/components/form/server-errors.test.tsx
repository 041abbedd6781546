// @vitest-environment happy-dom
import type { User } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  chooseRowAction,
  makeDashboard,
  makeOrganization,
  newDashboardForm,
  openCreatePanel,
} from '../../testing/admin-fixtures';
import { quietScreenTests } from '../../testing/clean-up';
import { type FakeRoute, jsonResponse, makeUser, reply, requestsTo, stubApi } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

// Item 9 of issue 12: a field's server error (422) used to stay in the form's state after the field was corrected,
// so every later submit was refused without a request until the page was reloaded.

quietScreenTests();

/** A 422 on `path` for the first request, then `then` for every later one. */
function failsOnceOn(path: string, message: string, then: FakeRoute): FakeRoute {
  let calls = 0;
  return (request) => (calls++ === 0 ? jsonResponse({ message, issues: [{ path, message }] }, 422) : then(request));
}

const admin = makeUser({ id: 1, email: 'root@example.com', firstName: 'Root', isAdmin: true });
const organization = makeOrganization();
const dashboard = makeDashboard();
const users: User[] = [
  { ...admin, organizations: [] },
  makeUser({ id: 2, email: 'client@acme.test', isAdmin: false, organizations: [{ id: 1, name: 'Acme' }] }),
];

const adminRoutes: Record<string, FakeRoute> = {
  'GET /api/auth/user': reply(admin),
  'GET /api/admin/organizations': reply([organization]),
  'GET /api/admin/dashboards-direct': reply([dashboard]),
  'GET /api/admin/users': reply(users),
  'GET /api/admin/organization-dashboards': reply([]),
  'GET /api/admin/audit': reply([]),
};

const change = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

/** Opens a dialog with the button `name` and returns it by its test id. */
async function openDialog(name: string, testId: string) {
  const button = await screen.findByRole('button', { name });
  act(() => fireEvent.click(button));
  return screen.findByTestId(testId);
}

interface FormCase {
  form: string;
  page: string;
  /** The page's other routes. */
  routes: Record<string, FakeRoute>;
  request: string;
  /** The field the 422 names, and its label. */
  field: string;
  label: string;
  message: string;
  /** The second answer, once the field is corrected. */
  answer: FakeRoute;
  /** The form (or the dialog holding it). */
  scope: () => Promise<HTMLElement>;
  /** Typed before the first submit, by label. */
  typed: Record<string, string>;
  submit: string;
  corrected: string;
  /** What the second request sent, when the case checks it. */
  sent?: Record<string, string>;
  success: string;
}

const cases: FormCase[] = [
  {
    form: 'admin organization form',
    page: '/admin/organizations',
    routes: adminRoutes,
    request: 'POST /api/admin/organizations',
    field: 'logoUrl',
    label: 'Logo URL',
    message: 'The logo URL must be an https address or a path on this site',
    answer: reply({ ...organization, id: 3 }, 201),
    scope: () => openCreatePanel('organization-create', 'organization-form'),
    typed: { Name: 'Initech', 'Logo URL': 'http://initech.test/logo.png' },
    submit: 'Create Organization',
    corrected: 'https://initech.test/logo.png',
    sent: { logoUrl: 'https://initech.test/logo.png' },
    success: 'Organization created',
  },
  {
    form: 'admin dashboard form (http embed URL, then https)',
    page: '/admin/dashboards',
    routes: adminRoutes,
    request: 'POST /api/admin/dashboards',
    field: 'embedUrl',
    label: 'Embed URL or iframe code',
    message: 'The embed URL must be an https address',
    answer: reply({ ...dashboard, id: 11 }, 201),
    scope: newDashboardForm,
    typed: { Name: 'Report', Category: 'Sales', 'Embed URL or iframe code': 'http://example.com/report' },
    submit: 'Create Dashboard',
    corrected: 'https://example.com/report',
    sent: { embedUrl: 'https://example.com/report' },
    success: 'Dashboard created',
  },
  {
    form: 'admin new user form',
    page: '/admin?tab=users',
    routes: adminRoutes,
    request: 'POST /api/admin/users',
    field: 'email',
    label: 'Email',
    message: 'Please enter a valid email address',
    answer: reply(makeUser({ id: 5, email: 'new@acme.test' }), 201),
    scope: () => openDialog('Create New User', 'create-user-dialog'),
    typed: { Email: 'new@acme.tes' },
    submit: 'Create User',
    corrected: 'new@acme.test',
    success: 'User created',
  },
  {
    form: 'admin edit user form',
    page: '/admin?tab=users',
    routes: adminRoutes,
    request: 'PUT /api/admin/users/2',
    field: 'email',
    label: 'Email',
    message: 'Please enter a valid email address',
    answer: reply(users[1]),
    scope: async () => {
      await chooseRowAction('client@acme.test', 'user-edit');
      return screen.findByTestId('edit-user-dialog');
    },
    typed: { Email: 'client@acme.tes' },
    submit: 'Update User',
    corrected: 'client@acme.test',
    success: 'User updated',
  },
  {
    form: 'account profile form',
    page: '/account',
    routes: { 'GET /api/auth/user': reply(makeUser()) },
    request: 'PUT /api/auth/profile',
    field: 'firstName',
    label: 'First Name',
    message: 'First name is too long',
    answer: reply(makeUser({ firstName: 'Augusta' })),
    scope: () => screen.findByTestId('profile-form'),
    typed: { 'First Name': 'Augustaaaaaaaaaaaaaaaa' },
    submit: 'Update Profile',
    corrected: 'Augusta',
    success: 'Profile Updated',
  },
];

describe('a server error on a field clears when the field changes, and the form submits again', () => {
  it.each(cases)('$form', async (c) => {
    const api = stubApi({ ...c.routes, [c.request]: failsOnceOn(c.field, c.message, c.answer) });
    renderApp(c.page);
    const scope = await c.scope();
    for (const [label, value] of Object.entries(c.typed)) change(scope, label, value);

    // Submits, waits for the field's server message, corrects the field, submits again: the request is sent twice.
    act(() => fireEvent.click(within(scope).getByRole('button', { name: c.submit })));
    expect(await within(scope).findByText(c.message)).toBeTruthy();
    await waitFor(() => expect(within(scope).getByLabelText(c.label).getAttribute('aria-invalid')).toBe('true'));
    expect(requestsTo(api, c.request)).toHaveLength(1);

    change(scope, c.label, c.corrected);
    // The server's message goes as soon as the field changes, before any new answer.
    await waitFor(() => expect(within(scope).queryByText(c.message)).toBeNull());
    expect(within(scope).getByLabelText(c.label).getAttribute('aria-invalid')).toBeNull();
    act(() => fireEvent.click(within(scope).getByRole('button', { name: c.submit })));
    await waitFor(() => expect(requestsTo(api, c.request)).toHaveLength(2));

    if (c.sent) expect(requestsTo(api, c.request)[1]?.body).toMatchObject(c.sent);
    expect(await screen.findByText(c.success)).toBeTruthy();
  });
});
