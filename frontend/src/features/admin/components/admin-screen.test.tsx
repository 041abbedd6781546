// @vitest-environment happy-dom
import type { AdminDashboard, AdminOrganizationListItem, OrganizationDashboardLink, User } from '@app/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  chooseRowAction,
  makeDashboard,
  makeLink,
  makeOrganization,
  openCreatePanel,
} from '../../../testing/admin-fixtures';
import { cleanUpAfterEachTest } from '../../../testing/clean-up';
import { deferred, type FakeRoute, makeUser, reply, requestsTo, stubApi } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';
import { DELETE_USER_QUESTION, OWN_ACCOUNT_REASON, statusQuestion } from '../forms/edit-user-actions';
import { OWN_ADMIN_REASON } from '../forms/edit-user-form';
import { removeFromOrganizationQuestion } from '../forms/memberships-editor';
import { DELETE_DASHBOARD_QUESTION } from './dashboards-tab';
import { unlinkQuestion } from './link-parts';
import { deactivateOrganizationQuestion } from './organizations-tab';

// The failures the screen reports are logged too; keep the test output quiet.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

cleanUpAfterEachTest();

const admin = makeUser({ id: 1, email: 'root@example.com', firstName: 'Root', isAdmin: true });

const organizations: AdminOrganizationListItem[] = [
  makeOrganization({ memberCount: 3, dashboardCount: 2, ssoEnabled: true }),
  makeOrganization({ id: 2, name: 'Dormant Co', domain: null, isActive: false }),
];
const dashboards: AdminDashboard[] = [makeDashboard({ viewCount: 3, lastViewedAt: '2025-03-01T09:00:00.000Z' })];
const users: User[] = [
  { ...admin, organizations: [] },
  makeUser({ id: 2, email: 'client@acme.test', isAdmin: false, organizations: [{ id: 1, name: 'Acme' }] }),
];
const links: OrganizationDashboardLink[] = [];

const overviewFigures = {
  consultations: { today: 2, week: 5 },
  leads: { new: 4 },
  failures: { emails: 1, jobs: null },
  dashboards: { failing: 1, examples: [{ id: 10, name: 'Sales Overview', reason: 'Connection x: refused' }] },
  signIns: { failed: 0 },
};

function openAdmin(path = '/admin/organizations', routes: Record<string, FakeRoute> = {}) {
  const api = stubApi({
    'GET /api/auth/user': reply(admin),
    'GET /api/admin/organizations': reply(organizations),
    'GET /api/admin/dashboards-direct': reply(dashboards),
    'GET /api/admin/users': reply(users),
    'GET /api/admin/organization-dashboards': reply(links),
    'GET /api/admin/audit': reply([]),
    'GET /api/admin/embed-connections': reply([]),
    'GET /api/admin/overview': reply(overviewFigures),
    ...routes,
  });
  return { ...renderApp(path), api };
}

const press = (scope: HTMLElement, name: string) => fireEvent.click(within(scope).getByRole('button', { name }));
/** The body of the first request to 'METHOD /path'. */
const sentBody = (api: ReturnType<typeof stubApi>, route: string) => requestsTo(api, route)[0]?.body;
const userRow = async (id: number) =>
  (await screen.findAllByTestId('user-row')).find((r) => r.getAttribute('data-id') === String(id))!;
/** Answers a confirmation (an alertdialog) with its action. */
const confirmIn = (dialog: HTMLElement) => act(() => fireEvent.click(within(dialog).getByTestId('confirm-action')));
/**
 * Chooses `entry` in the menu of the row named `target`: an alertdialog (`dialog`) asks `question` and nothing goes
 * to `route` yet; its action sends the request once and toasts `done`.
 */
async function asksFirst(
  api: ReturnType<typeof stubApi>,
  {
    target,
    entry,
    dialog,
    question,
    route,
    done,
  }: Record<'target' | 'entry' | 'dialog' | 'question' | 'route' | 'done', string>,
) {
  await chooseRowAction(target, entry);
  const shown = await screen.findByTestId(dialog);
  expect(shown.getAttribute('role')).toBe('alertdialog');
  expect(within(shown).getByText(question)).toBeTruthy();
  expect(requestsTo(api, route)).toHaveLength(0);
  confirmIn(shown);
  await toastWith(done);
  expect(requestsTo(api, route)).toHaveLength(1);
}
/** Opens the user editor (the side panel) from the user's row menu. */
const editUser = async (email: string) => {
  await chooseRowAction(email, 'user-edit');
  return screen.findByTestId('edit-user-dialog');
};
/** The entries of the row menu of `target`, as their test ids; the menu closes again. */
async function menuEntries(target: string) {
  act(() => fireEvent.click(screen.getByRole('button', { name: `Actions for ${target}` })));
  const menu = await screen.findByRole('menu');
  const ids = within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.getAttribute('data-testid'));
  act(() => fireEvent.keyDown(menu, { key: 'Escape' }));
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  return ids;
}
const toastWith = async (title: string) => {
  const shown = await screen.findByTestId('toast');
  await waitFor(() => expect(within(shown).getByText(title)).toBeTruthy());
  return screen.getByTestId('toast');
};
/** Types each value into the field its key labels, inside `scope`, presses `button` and waits for the toast `title`. */
async function submit(scope: HTMLElement, values: Record<string, string>, button: string, title: string) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
  }
  press(scope, button);
  return toastWith(title);
}

describe('/admin', () => {
  it('lands on the overview, with the sidebar of sections, the Log Out of the header and the queue board', async () => {
    const overview = deferred();
    openAdmin('/admin', { 'GET /api/admin/overview': overview });
    expect((await screen.findByTestId('overview-loading')).textContent).toContain('Loading the overview...');
    expect(screen.getByRole('heading', { name: 'Admin overview', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('header-logout').getAttribute('href')).toBe('/api/logout');
    expect(screen.getAllByText('Log Out')).toHaveLength(1);
    expect(screen.getByTestId('admin-queues-link').getAttribute('href')).toBe('/admin/queues');
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(
      within(nav)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Clients', 'Dashboards', 'Sales', 'Site', 'Security', 'Insight', 'Operations']);
    expect(within(nav).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    await act(async () =>
      overview.respond(
        new Response(JSON.stringify(overviewFigures), { headers: { 'content-type': 'application/json' } }),
      ),
    );
    expect((await screen.findByTestId('overview-consultations-figure')).textContent).toBe('2 today');
    expect(screen.getByTestId('overview-consultations').textContent).toContain('5 consultations this week');
    expect(screen.getByTestId('overview-leads-figure').textContent).toBe('4');
    expect(screen.getByTestId('overview-failures').getAttribute('data-alarm')).toBe('true');
    expect(screen.getByTestId('overview-failures').textContent).toContain('the queues could not be read');
    expect(screen.getByTestId('overview-dashboards-list').textContent).toContain('Sales Overview: Connection x');
    expect(screen.getByTestId('overview-sign-ins').getAttribute('data-alarm')).toBeNull();
    // The leads the figure counts: the list filtered to the new ones.
    expect(screen.getByTestId('overview-leads-link').getAttribute('href')).toBe('/admin/leads?status=new');
  });

  it('answers a failed overview with Try again', async () => {
    let fail = true;
    openAdmin('/admin', {
      'GET /api/admin/overview': () =>
        fail ? reply({ message: 'down', issues: [] }, 500)({} as never) : reply(overviewFigures)({} as never),
    });
    const error = await screen.findByTestId('overview-error');
    fail = false;
    press(error, 'Try again');
    expect((await screen.findByTestId('overview-consultations-figure')).textContent).toBe('2 today');
  });

  it('gives each section its URL: the sidebar moves between them, back and forward follow', async () => {
    const { router } = openAdmin('/admin/people');
    await screen.findByTestId('admin-panel-users');
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'People' }).getAttribute('aria-current')).toBe('page');

    act(() => fireEvent.click(within(nav).getByRole('link', { name: 'Dashboards' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboards'));
    await screen.findByTestId('admin-panel-dashboards');
    expect(within(nav).getByRole('link', { name: 'Dashboards' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'People' }).getAttribute('aria-current')).toBeNull();

    act(() => router.history.back());
    await screen.findByTestId('admin-panel-users');
    act(() => router.history.forward());
    await screen.findByTestId('admin-panel-dashboards');
  });

  it('redirects an old ?tab= link to its section, and an unknown one to the overview', async () => {
    const { router } = openAdmin('/admin?tab=associations&q=acme');
    await screen.findByTestId('admin-panel-associations');
    expect(router.state.location.pathname).toBe('/admin/access');
    expect(router.state.location.search).toEqual({ q: 'acme' });
    cleanup();
    const other = openAdmin('/admin?tab=nope');
    await screen.findByTestId('overview-loading');
    expect(other.router.state.location.href).toBe('/admin');
  });

  it("shows 'Organization name is required', then creates the organization and toasts", async () => {
    const created = { ...organizations[0]!, id: 3, name: 'Initech' };
    const { api } = openAdmin('/admin/organizations', { 'POST /api/admin/organizations': reply(created, 201) });
    // The list has the full width; the form opens in a side panel (issue 27).
    await screen.findAllByTestId('organization-row');
    expect(screen.queryByTestId('organization-form')).toBeNull();
    const form = await openCreatePanel('organization-create', 'organization-form');
    expect(screen.getByTestId('organization-panel').getAttribute('role')).toBe('dialog');
    expect(within(form).getByRole('heading', { name: 'Create Organization' })).toBeTruthy();
    press(form, 'Create Organization');
    expect(await within(form).findByText('Organization name is required')).toBeTruthy();
    expect(requestsTo(api, 'POST /api/admin/organizations')).toHaveLength(0);

    await submit(form, { Name: '  Initech ', Domain: 'initech.test' }, 'Create Organization', 'Organization created');
    expect(sentBody(api, 'POST /api/admin/organizations')).toEqual({
      name: 'Initech',
      domain: 'initech.test',
      logoUrl: '',
      googleGroup: null,
    });
    await waitFor(() => expect(screen.queryByTestId('organization-panel')).toBeNull());
    // The list's page is read again, the new organization in it.
    await waitFor(() =>
      expect(
        api.requests.filter((r) => r.path === '/api/admin/organizations?page=1&pageSize=25').length,
      ).toBeGreaterThan(1),
    );
  });

  it("swaps the form for 'Edit Organization' and toasts the server's message on failure", async () => {
    openAdmin('/admin/organizations', {
      'PUT /api/admin/organizations/1': reply(
        { message: AdminMessagesLogo, issues: [{ path: 'logoUrl', message: AdminMessagesLogo }] },
        422,
      ),
    });
    await chooseRowAction('Acme', 'organization-edit');
    const form = await screen.findByTestId('organization-form');
    await waitFor(() => expect(within(form).getByRole('heading', { name: 'Edit Organization' })).toBeTruthy());
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('Acme');
    const shown = await submit(form, { 'Logo URL': 'http://x' }, 'Update Organization', 'Error updating organization');
    expect(shown.getAttribute('data-variant')).toBe('destructive');
    expect(within(shown).getByText(AdminMessagesLogo)).toBeTruthy();
    expect(within(form).getByText(AdminMessagesLogo)).toBeTruthy();
    press(form, 'Cancel');
    await waitFor(() => expect(screen.queryByTestId('organization-panel')).toBeNull());
  });

  it("keeps a dashboard's actions in a menu; Delete asks first (an alertdialog), then deletes it and toasts", async () => {
    const { api } = openAdmin('/admin/dashboards', { 'DELETE /api/admin/dashboards/10': reply(null, 204) });
    const row = await screen.findByTestId('dashboard-row');
    expect(within(row).getByTestId('dashboard-view-count').textContent).toBe('3');
    expect(within(row).getByTestId('dashboard-last-viewed').textContent).not.toBe('Never');
    // One button per row, named for it; no stack of buttons.
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Actions for Sales Overview']);
    act(() => press(row, 'Actions for Sales Overview'));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit', 'Preview', 'Delete']);
    expect(within(menu).getByTestId('dashboard-preview').getAttribute('href')).toBe(
      `/client/dashboard/10?from=${encodeURIComponent('/admin/dashboards')}`,
    );
    act(() => fireEvent.click(within(menu).getByTestId('dashboard-delete')));
    const shown = await screen.findByTestId('delete-dashboard-dialog');
    expect(shown.getAttribute('role')).toBe('alertdialog');
    expect(within(shown).getByText(DELETE_DASHBOARD_QUESTION)).toBeTruthy();
    expect(requestsTo(api, 'DELETE /api/admin/dashboards/10')).toHaveLength(0);
    confirmIn(shown);
    await toastWith('Dashboard deleted');
    expect(requestsTo(api, 'DELETE /api/admin/dashboards/10')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('delete-dashboard-dialog')).toBeNull());
  });

  it('creates and edits a dashboard in a side panel beside the full-width list', async () => {
    openAdmin('/admin/dashboards');
    const row = await screen.findByTestId('dashboard-row');
    expect(screen.queryByTestId('dashboard-form')).toBeNull();
    act(() => fireEvent.click(screen.getByTestId('dashboard-create')));
    const panel = await screen.findByTestId('dashboard-panel');
    expect(panel.getAttribute('role')).toBe('dialog');
    expect(within(panel).getByRole('heading', { name: 'Create Dashboard' })).toBeTruthy();
    act(() => fireEvent.click(within(panel).getByRole('button', { name: 'Close panel' })));
    await waitFor(() => expect(screen.queryByTestId('dashboard-panel')).toBeNull());

    act(() => press(row, 'Actions for Sales Overview'));
    const menu = await screen.findByRole('menu');
    act(() => fireEvent.click(within(menu).getByTestId('dashboard-edit')));
    const editing = await screen.findByTestId('dashboard-panel');
    await waitFor(() => expect(within(editing).getByRole('heading', { name: 'Edit Dashboard' })).toBeTruthy());
    expect((within(editing).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Sales Overview');
    press(editing, 'Cancel');
    await waitFor(() => expect(screen.queryByTestId('dashboard-panel')).toBeNull());
  });

  it('sorts the dashboards by a column with an arrow and aria-sort, asking the server for that order', async () => {
    const { api } = openAdmin('/admin/dashboards', {
      'GET /api/admin/dashboards-direct?page=1&pageSize=25&sort=type&order=asc&visibility=private': reply([]),
    });
    await screen.findByTestId('dashboard-row');
    const header = () => screen.getByTestId('dashboard-sort-name');
    expect(header().closest('th')?.getAttribute('aria-sort')).toBe('ascending');
    expect(header().textContent).toContain('▲');
    fireEvent.click(header());
    await waitFor(() => expect(header().closest('th')?.getAttribute('aria-sort')).toBe('descending'));
    expect(header().textContent).toContain('▼');
    const paths = () => api.requests.map((r) => r.path);
    await waitFor(() =>
      expect(paths()).toContain('/api/admin/dashboards-direct?page=1&pageSize=25&sort=name&order=desc'),
    );
    fireEvent.click(screen.getByTestId('dashboard-sort-type'));
    await waitFor(() => expect(header().closest('th')?.getAttribute('aria-sort')).toBe('none'));
    expect(screen.getByTestId('dashboard-sort-type').closest('th')?.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.change(screen.getByTestId('dashboard-filter-visibility'), { target: { value: 'private' } });
    await waitFor(() => expect(screen.getByTestId('dashboards-empty').textContent).toBe('No dashboards found'));
  });

  it("offers no 'Remove Admin', Deactivate or Delete in the admin's own row menu; the editor says why (D10)", async () => {
    openAdmin('/admin?tab=users');
    await userRow(1);
    expect(await menuEntries('root@example.com')).toEqual(['user-edit']);
    // Another person's right can be given, their account deactivated or deleted.
    expect(await menuEntries('client@acme.test')).toEqual([
      'user-edit',
      'user-toggle-admin',
      'user-toggle-status',
      'user-delete',
    ]);

    const dialog = await editUser('root@example.com');
    const checkbox = within(dialog).getByLabelText('Admin User') as HTMLInputElement;
    expect(checkbox.checked).toBe(true);
    expect(checkbox.disabled).toBe(true);
    expect(within(dialog).getByText(OWN_ADMIN_REASON)).toBeTruthy();
  });

  it("does not offer 'Deactivate User' or 'Delete User' on the admin's own account, and says why", async () => {
    const { api } = openAdmin('/admin?tab=users');
    const dialog = await editUser('root@example.com');
    for (const name of ['Deactivate User', 'Delete User']) {
      const button = within(dialog).getByRole('button', { name }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        OWN_ACCOUNT_REASON,
      );
      fireEvent.click(button);
    }
    expect(screen.queryByTestId('toggle-user-status-dialog')).toBeNull();
    expect(screen.queryByTestId('delete-user-dialog')).toBeNull();
    expect(requestsTo(api, 'POST /api/admin/users/1/toggle-status')).toHaveLength(0);
    expect(requestsTo(api, 'DELETE /api/admin/users/1')).toHaveLength(0);
  });

  it("offers 'Deactivate User' and 'Delete User' on another account, with no reason against them", async () => {
    openAdmin('/admin?tab=users');
    const dialog = await editUser('client@acme.test');
    for (const name of ['Deactivate User', 'Delete User'])
      expect((within(dialog).getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(false);
    expect(within(dialog).queryByText(OWN_ACCOUNT_REASON)).toBeNull();
  });

  it("shows the server's self-protection message as a toast when it refuses anyway", async () => {
    // Another tab signed in as someone else: the list's copy of who is admin is stale.
    const { api } = openAdmin('/admin?tab=users', {
      'POST /api/admin/users/2/toggle-admin': reply({ message: 'Cannot remove own admin privileges', issues: [] }, 403),
    });
    await userRow(2);
    await chooseRowAction('client@acme.test', 'user-toggle-admin');
    const shown = await toastWith('Error updating user admin status');
    expect(shown.getAttribute('data-variant')).toBe('destructive');
    expect(within(shown).getByText('Cannot remove own admin privileges')).toBeTruthy();
    expect(sentBody(api, 'POST /api/admin/users/2/toggle-admin')).toEqual({ isAdmin: true });
  });

  it("toasts 'Validation error' with the first message in the new user dialog", async () => {
    const { api } = openAdmin('/admin?tab=users');
    fireEvent.click(await screen.findByRole('button', { name: 'Create New User' }));
    const dialog = await screen.findByTestId('create-user-dialog');
    expect((within(dialog).getByLabelText('Send registration email') as HTMLInputElement).checked).toBe(true);
    const shown = await submit(dialog, { Email: 'not-an-email' }, 'Create User', 'Validation error');
    expect(within(shown).getByText('Please enter a valid email address')).toBeTruthy();
    expect(requestsTo(api, 'POST /api/admin/users')).toHaveLength(0);
  });

  it("creates a user in an organization and toasts 'User created'", async () => {
    const { api } = openAdmin('/admin?tab=users', {
      'POST /api/admin/users': reply(makeUser({ id: 5, email: 'new@acme.test' }), 201),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create New User' }));
    const dialog = await screen.findByTestId('create-user-dialog');
    // The side panel beside the full-width list (issue 27).
    expect(within(dialog).getByRole('button', { name: 'Close panel' })).toBeTruthy();
    await submit(
      dialog,
      { Email: 'new@acme.test', 'First Name': 'Nia', Organization: '1' },
      'Create User',
      'User created',
    );
    expect(sentBody(api, 'POST /api/admin/users')).toEqual({
      email: 'new@acme.test',
      firstName: 'Nia',
      lastName: '',
      organizationId: 1,
      isAdmin: false,
      sendRegistrationEmail: true,
    });
    await waitFor(() => expect(screen.queryByTestId('create-user-dialog')).toBeNull());
  });

  it("edits a user in the overlay and toasts 'Error updating user' with the server's message", async () => {
    const { api } = openAdmin('/admin?tab=users', {
      'PUT /api/admin/users/2': reply({ message: 'A user with this email already exists', issues: [] }, 409),
    });
    const dialog = await editUser('client@acme.test');
    // Memberships are listed once (issue 27); another is added through the searchable combobox.
    expect(
      within(dialog)
        .getAllByTestId('edit-user-membership')
        .map((li) => li.querySelector('a')?.textContent),
    ).toEqual(['Acme']);
    const search = within(dialog).getByRole('combobox', { name: 'Add to an organization' });
    act(() => fireEvent.focus(search));
    fireEvent.change(search, { target: { value: 'dorm' } });
    act(() => fireEvent.click(search));
    const dormant = await screen.findByRole('option', { name: /Dormant Co \(inactive\)/ });
    expect(screen.queryByRole('option', { name: /^Acme/ })).toBeNull();
    act(() => fireEvent.click(dormant));
    await waitFor(() => expect(within(dialog).getAllByTestId('edit-user-membership')).toHaveLength(2));
    expect(within(dialog).getByText('Added when you update')).toBeTruthy();
    const shown = await submit(dialog, { Email: 'root@example.com' }, 'Update User', 'Error updating user');
    expect(within(shown).getByText('A user with this email already exists')).toBeTruthy();
    expect(sentBody(api, 'PUT /api/admin/users/2')).toEqual({
      email: 'root@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      organizationIds: [1, 2],
      isAdmin: false,
      googleAccount: null,
    });
  });

  it('asks before deactivating a user from the overlay', async () => {
    const { api } = openAdmin('/admin?tab=users', {
      'POST /api/admin/users/2/toggle-status': reply({ ...users[1], isActive: false }),
    });
    const dialog = await editUser('client@acme.test');
    act(() => press(dialog, 'Deactivate User'));
    const confirm = await screen.findByTestId('toggle-user-status-dialog');
    expect(within(confirm).getByText('Are you sure you want to deactivate this user?')).toBeTruthy();
    confirmIn(confirm);
    await toastWith('User status updated');
    expect(sentBody(api, 'POST /api/admin/users/2/toggle-status')).toEqual({ isActive: false });
  });

  it("shows the empty associations text and toasts 'Error linking dashboard' with the server's message", async () => {
    const { api } = openAdmin('/admin?tab=associations', {
      'POST /api/admin/organization-dashboards': reply(
        { message: 'This dashboard is already linked to this organization', issues: [] },
        409,
      ),
    });
    expect((await screen.findByTestId('associations-empty')).textContent).toContain('No dashboard associations found');
    expect(screen.queryByTestId('link-dashboard-form')).toBeNull();
    const form = await openCreatePanel('link-create', 'link-dashboard-form');
    press(form, 'Link Dashboard');
    expect(await within(form).findByText('Please choose an organization')).toBeTruthy();
    const shown = await submit(
      form,
      { Organization: '1', Dashboard: '10' },
      'Link Dashboard',
      'Error linking dashboard',
    );
    expect(within(shown).getByText('This dashboard is already linked to this organization')).toBeTruthy();
    expect(sentBody(api, 'POST /api/admin/organization-dashboards')).toEqual({
      organizationId: 1,
      dashboardId: 10,
    });
  });

  it('lists the audit log on the Audit tab', async () => {
    openAdmin('/admin?tab=audit', {
      'GET /api/admin/audit': reply([
        {
          id: 1,
          actorId: 1,
          actorEmail: 'root@example.com',
          actorName: 'Root Admin',
          action: 'organization.create',
          targetType: 'organization',
          targetId: '3',
          targetName: 'Initech',
          changes: { name: 'Initech' },
          createdAt: '2025-03-01T09:00:00.000Z',
        },
        {
          id: 2,
          actorId: null,
          actorEmail: 'gone@example.com',
          actorName: null,
          action: 'dashboard.delete',
          targetType: 'dashboard',
          targetId: '9',
          targetName: 'Old Report',
          changes: null,
          createdAt: '2025-03-01T08:00:00.000Z',
        },
      ]),
    });
    const [row, deleted] = await screen.findAllByTestId('audit-row');
    expect(within(row!).getByTestId('audit-actor').textContent).toContain('Root Admin');
    expect(within(row!).getByTestId('audit-actor').textContent).toContain('root@example.com');
    expect(row!.textContent).toContain('Organization create');
    expect(within(row!).getByTestId('audit-target').textContent).toContain('Initech');
    expect(row!.textContent).not.toContain('#3');
    // A deleted actor and target keep their names.
    expect(within(deleted!).getByTestId('audit-actor').textContent).toBe('gone@example.com');
    expect(within(deleted!).getByTestId('audit-target').textContent).toContain('Old Report');
  });

  it('asks before deactivating an organization (it cuts off every member), then deactivates it', async () => {
    const { api } = openAdmin('/admin/organizations', {
      'POST /api/admin/organizations/1/toggle-status': reply({ ...organizations[0], isActive: false }),
    });
    await asksFirst(api, {
      target: 'Acme',
      entry: 'organization-toggle-status',
      dialog: 'deactivate-organization-dialog',
      question: deactivateOrganizationQuestion('Acme'),
      route: 'POST /api/admin/organizations/1/toggle-status',
      done: 'Organization status updated',
    });
  });

  it("lists each organization's members, dashboards and single sign-on (issue 27)", async () => {
    openAdmin('/admin/organizations');
    const rows = await screen.findAllByTestId('organization-row');
    const cells = (row: HTMLElement) =>
      ['organization-members', 'organization-dashboards', 'organization-sso'].map(
        (id) => within(row).getByTestId(id).textContent,
      );
    expect(rows.map(cells)).toEqual([
      ['3', '2', 'On'],
      ['0', '0', 'Off'],
    ]);
  });

  it('activates an inactive organization without asking', async () => {
    const { api } = openAdmin('/admin/organizations', {
      'POST /api/admin/organizations/2/toggle-status': reply({ ...organizations[1], isActive: true }),
    });
    await chooseRowAction('Dormant Co', 'organization-toggle-status');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await toastWith('Organization status updated');
    expect(requestsTo(api, 'POST /api/admin/organizations/2/toggle-status')).toHaveLength(1);
  });

  it('unlinks a dashboard from an organization after asking', async () => {
    const link = makeLink();
    const { api } = openAdmin('/admin?tab=associations', {
      'GET /api/admin/organization-dashboards': reply([link]),
      'DELETE /api/admin/organization-dashboards/1/10': reply(null, 204),
    });
    await asksFirst(api, {
      target: 'Sales Overview for Acme',
      entry: 'association-unlink',
      dialog: 'unlink-dashboard-dialog',
      question: unlinkQuestion(link),
      route: 'DELETE /api/admin/organization-dashboards/1/10',
      done: 'Dashboard unlinked from organization',
    });
  });

  it('removes a user from an organization in the user editor, and the later update keeps it removed', async () => {
    const { api } = openAdmin('/admin?tab=users', {
      'DELETE /api/admin/organization-users/1/2': reply(null, 204),
      'PUT /api/admin/users/2': reply({ ...users[1], organizations: [] }),
    });
    const editor = await editUser('client@acme.test');
    act(() => press(editor, 'Remove from Acme'));
    const confirm = await screen.findByTestId('remove-membership-dialog');
    expect(within(confirm).getByText(removeFromOrganizationQuestion('client@acme.test', 'Acme'))).toBeTruthy();
    confirmIn(confirm);
    await toastWith('User removed from organization');
    expect(requestsTo(api, 'DELETE /api/admin/organization-users/1/2')).toHaveLength(1);
    // Listed once, and gone from the list.
    await waitFor(() => expect(within(editor).queryByRole('button', { name: 'Remove from Acme' })).toBeNull());
    press(editor, 'Update User');
    await waitFor(() => expect(requestsTo(api, 'PUT /api/admin/users/2')).toHaveLength(1));
    expect(sentBody(api, 'PUT /api/admin/users/2')).toMatchObject({ organizationIds: [] });
  });

  it("shows each person's status: Invited (not yet accepted), Active, Deactivated, an admin without a password", async () => {
    openAdmin('/admin/people', {
      'GET /api/admin/users': reply([
        ...users,
        makeUser({ id: 3, email: 'invited@acme.test', accountSetupComplete: false, hasLoggedIn: false }),
        makeUser({ id: 4, email: 'gone@acme.test', isActive: false }),
        makeUser({ id: 5, email: 'sso@acme.test', isAdmin: true, hasPassword: false }),
      ]),
    });
    const status = async (id: number) => within(await userRow(id)).getByTestId('user-status');
    expect((await status(2)).getAttribute('data-state')).toBe('active');
    expect((await status(2)).textContent).toBe('Active');
    expect((await status(3)).getAttribute('data-state')).toBe('invited');
    expect((await status(3)).textContent).toBe('InvitedNot yet accepted');
    expect((await status(4)).getAttribute('data-state')).toBe('deactivated');
    expect((await status(4)).textContent).toContain('Deactivated');
    expect(within(await status(5)).getByTestId('user-no-password').textContent).toContain('No password');
    expect(within(await status(2)).queryByTestId('user-no-password')).toBeNull();
  });

  it('deactivates a person from the row menu after asking', async () => {
    const { api } = openAdmin('/admin/people', {
      'POST /api/admin/users/2/toggle-status': reply({ ...users[1], isActive: false }),
    });
    await userRow(2);
    await asksFirst(api, {
      target: 'client@acme.test',
      entry: 'user-toggle-status',
      dialog: 'toggle-user-status-dialog',
      question: statusQuestion(true),
      route: 'POST /api/admin/users/2/toggle-status',
      done: 'User status updated',
    });
    expect(sentBody(api, 'POST /api/admin/users/2/toggle-status')).toEqual({ isActive: false });
  });

  it('deletes a person from the row menu only once asked', async () => {
    const { api } = openAdmin('/admin/people', { 'DELETE /api/admin/users/2': reply(null, 204) });
    await userRow(2);
    await chooseRowAction('client@acme.test', 'user-delete');
    const asked = await screen.findByTestId('delete-user-dialog');
    act(() => fireEvent.click(within(asked).getByTestId('confirm-cancel')));
    await waitFor(() => expect(screen.queryByTestId('delete-user-dialog')).toBeNull());
    expect(requestsTo(api, 'DELETE /api/admin/users/2')).toHaveLength(0);
    await asksFirst(api, {
      target: 'client@acme.test',
      entry: 'user-delete',
      dialog: 'delete-user-dialog',
      question: DELETE_USER_QUESTION,
      route: 'DELETE /api/admin/users/2',
      done: 'User deleted',
    });
  });

  it('shows whether each link is in step: no data scope, report gone, organization inactive', async () => {
    const token = { embedUrl: '', isPublic: false, publicShareLink: false } as const;
    openAdmin('/admin/access', {
      'GET /api/admin/dashboards-direct': reply([
        makeDashboard({ id: 10, name: 'Shared' }),
        makeDashboard({ id: 11, name: 'Finance', embedMode: 'powerbi', ...token }),
        makeDashboard({ id: 12, name: 'Gone', embedMode: 'powerbi', targetProblem: 'Report not found', ...token }),
      ]),
      'GET /api/admin/organization-dashboards': reply([
        makeLink({ dashboardId: 10, dashboardName: 'Shared' }),
        makeLink({ dashboardId: 11, dashboardName: 'Finance', dashboardEmbedMode: 'powerbi', dataScope: null }),
        makeLink({ dashboardId: 12, dashboardName: 'Gone', dashboardEmbedMode: 'powerbi', dataScope: { roles: [] } }),
        makeLink({ organizationId: 2, organizationName: 'Dormant Co', dashboardId: 10, dashboardName: 'Shared' }),
      ]),
    });
    await screen.findAllByTestId('association-row');
    const states = () =>
      screen
        .getAllByTestId('association-row')
        .map((row) => [
          row.getAttribute('data-organization-id'),
          row.getAttribute('data-dashboard-id'),
          within(row).getByTestId('association-status').getAttribute('data-state'),
        ]);
    await waitFor(() => expect(states()).toHaveLength(4));
    expect(states()).toEqual([
      ['1', '10', 'in-step'],
      ['1', '11', 'no-scope'],
      ['1', '12', 'report-gone'],
      ['2', '10', 'organization-inactive'],
    ]);
    const noScope = screen.getAllByTestId('association-status')[1]!;
    expect(noScope.textContent).toContain('No data scope');
  });

  it('sends a non-admin home', async () => {
    stubApi({ 'GET /api/auth/user': reply(makeUser({ isAdmin: false })) });
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

const AdminMessagesLogo = 'The logo URL must be an https address or a path on this site';
