import type {
  AdminDashboard,
  AdminOrganizationListItem,
  EmbedConnection,
  OrganizationDashboardLink,
  User,
} from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { builder, type FakeRoute, makeUser, reply, requestsTo, stubApi } from './fake-api';
import { renderApp } from './render-app';

/** An organization as the admin lists answer it; `overrides` change what a test is about. */
export const makeOrganization = builder<AdminOrganizationListItem>({
  id: 1,
  name: 'Acme',
  domain: 'acme.test',
  logoUrl: null,
  googleGroup: null,
  isActive: true,
  createdAt: '2025-01-01T00:00:00Z',
  memberCount: 0,
  dashboardCount: 0,
  ssoEnabled: false,
});

/** A dashboard as the admin lists answer it; `overrides` change what a test is about. */
export const makeDashboard = builder<AdminDashboard>({
  id: 10,
  name: 'Sales Overview',
  description: null,
  category: 'Sales',
  type: 'PowerBI',
  embedMode: 'url',
  embedUrl: 'https://app.powerbi.com/view?r=1',
  thumbnailUrl: null,
  isPublic: true,
  connectionId: null,
  workspaceId: null,
  reportId: null,
  viewUrl: null,
  metabaseDashboardId: null,
  assetName: null,
  sharing: null,
  publicShareLink: true,
  viewCount: 0,
  lastViewedAt: null,
});

/** An embed connection as GET /api/admin/embed-connections lists it (never its secret). */
export const makeConnection = builder<EmbedConnection>({
  id: 5,
  name: 'Contoso Power BI',
  provider: 'powerbi',
  tenantId: '11111111-1111-1111-1111-111111111111',
  clientId: '22222222-2222-2222-2222-222222222222',
  siteUrl: null,
  siteName: null,
  secretId: null,
  delegatedUser: null,
  serviceAccountEmail: null,
  ownsSharing: false,
  lastSync: null,
  lastCheck: null,
  dashboardCount: 0,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
});

/** An organization–dashboard link as GET /api/admin/organization-dashboards lists it. */
export const makeLink = builder<OrganizationDashboardLink>({
  organizationId: 1,
  organizationName: 'Acme',
  dashboardId: 10,
  dashboardName: 'Sales Overview',
  dashboardCategory: 'Sales',
  dashboardType: 'PowerBI',
  dashboardEmbedMode: 'url',
  dataScope: null,
});

/** What the admin screen's lists answer in a test (each empty unless given; one organization, Acme, by default). */
export type AdminLists = {
  organizations?: AdminOrganizationListItem[];
  dashboards?: AdminDashboard[];
  users?: User[];
  links?: OrganizationDashboardLink[];
  connections?: EmbedConnection[];
};

/** The routes a test adds to the admin screen's fake API, or answers differently. */
export type AdminRoutes = Record<string, FakeRoute>;

/**
 * The fake API of the admin screen, signed in as an admin: every list the screen loads answers `lists` (empty by
 * default), and `routes` add or replace the others.
 */
export function adminApi(lists: AdminLists = {}, routes: AdminRoutes = {}) {
  return stubApi({
    'GET /api/auth/user': reply(makeUser({ id: 1, email: 'root@example.com', isAdmin: true })),
    'GET /api/admin/organizations': reply(lists.organizations ?? [makeOrganization()]),
    'GET /api/admin/dashboards-direct': reply(lists.dashboards ?? []),
    'GET /api/admin/users': reply(lists.users ?? []),
    'GET /api/admin/organization-dashboards': reply(lists.links ?? []),
    'GET /api/admin/embed-connections': reply(lists.connections ?? []),
    'GET /api/admin/audit': reply([]),
    ...routes,
  });
}

/** The app at `path` over `adminApi(lists, routes)`: the rendered app and the fake API, to read what was sent. */
export function openAdminScreen(path: string, lists: AdminLists = {}, routes: AdminRoutes = {}) {
  const api = adminApi(lists, routes);
  return { ...renderApp(path), api };
}

/** Presses a section's create button (`buttonTestId`): its side panel opens (issue 27); returns `testId` in it. */
export async function openCreatePanel(buttonTestId: string, testId: string) {
  const create = await screen.findByTestId(buttonTestId, {}, { timeout: 8000 });
  act(() => fireEvent.click(create));
  return screen.findByTestId(testId);
}

/** Opens the dashboards section's side panel to create one (issue 27), and returns its form. */
export const newDashboardForm = () => openCreatePanel('dashboard-create', 'dashboard-form');

/** Opens the actions menu of the row named `target` and chooses the entry `testId`. */
export async function chooseRowAction(target: string, testId: string) {
  const trigger = await screen.findByRole('button', { name: `Actions for ${target}` }, { timeout: 8000 });
  act(() => fireEvent.click(trigger));
  const menu = await screen.findByRole('menu');
  act(() => fireEvent.click(within(menu).getByTestId(testId)));
}

/** Types `value` into the field labelled `label` in `scope`. */
export const typeInto = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

/** Presses the button named `name` in `scope`. */
export const press = (scope: HTMLElement, name: string) =>
  act(() => fireEvent.click(within(scope).getByRole('button', { name })));

/**
 * The confirm dialog `dialogTestId` asks `question` (an alertdialog): nothing is sent to `route` ('DELETE /api/...')
 * until it is confirmed, then one request, and the dialog closes.
 */
export async function confirmSendsOnce(
  api: ReturnType<typeof stubApi>,
  route: string,
  dialogTestId: string,
  question: string,
) {
  const dialog = await screen.findByTestId(dialogTestId);
  expect(dialog.getAttribute('role')).toBe('alertdialog');
  expect(dialog.textContent).toContain(question);
  expect(requestsTo(api, route)).toHaveLength(0);
  act(() => fireEvent.click(within(dialog).getByTestId('confirm-action')));
  await waitFor(() => expect(requestsTo(api, route)).toHaveLength(1));
  await waitFor(() => expect(screen.queryByTestId(dialogTestId)).toBeNull());
}
