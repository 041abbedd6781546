import type {
  AdminDashboard,
  AdminOrganizationListItem,
  EmbedConnection,
  OrganizationDashboardLink,
} from '@app/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { type FakeRoute, makeUser, reply, stubApi } from './fake-api';

/** An organization as the admin lists answer it; `overrides` change what a test is about. */
export function makeOrganization(overrides: Partial<AdminOrganizationListItem> = {}): AdminOrganizationListItem {
  return {
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
    ...overrides,
  };
}

/** A dashboard as the admin lists answer it; `overrides` change what a test is about. */
export function makeDashboard(overrides: Partial<AdminDashboard> = {}): AdminDashboard {
  return {
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
    ...overrides,
  };
}

/** An embed connection as GET /api/admin/embed-connections lists it (never its secret). */
export function makeConnection(overrides: Partial<EmbedConnection> = {}): EmbedConnection {
  return {
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
    ...overrides,
  };
}

/** An organization–dashboard link as GET /api/admin/organization-dashboards lists it. */
export function makeLink(overrides: Partial<OrganizationDashboardLink> = {}): OrganizationDashboardLink {
  return {
    organizationId: 1,
    organizationName: 'Acme',
    dashboardId: 10,
    dashboardName: 'Sales Overview',
    dashboardCategory: 'Sales',
    dashboardType: 'PowerBI',
    dashboardEmbedMode: 'url',
    dataScope: null,
    ...overrides,
  };
}

/**
 * The fake API of the admin screen, signed in as an admin: every list the screen loads answers `lists` (empty by
 * default), and `routes` add or replace the others.
 */
export function adminApi(
  lists: {
    organizations?: AdminOrganizationListItem[];
    dashboards?: AdminDashboard[];
    links?: OrganizationDashboardLink[];
    connections?: EmbedConnection[];
  } = {},
  routes: Record<string, FakeRoute> = {},
) {
  return stubApi({
    'GET /api/auth/user': reply(makeUser({ id: 1, email: 'root@example.com', isAdmin: true })),
    'GET /api/admin/organizations': reply(lists.organizations ?? [makeOrganization()]),
    'GET /api/admin/dashboards-direct': reply(lists.dashboards ?? []),
    'GET /api/admin/users': reply([]),
    'GET /api/admin/organization-dashboards': reply(lists.links ?? []),
    'GET /api/admin/embed-connections': reply(lists.connections ?? []),
    'GET /api/admin/audit': reply([]),
    ...routes,
  });
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
