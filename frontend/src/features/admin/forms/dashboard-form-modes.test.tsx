// @vitest-environment happy-dom
import { PUBLIC_SHARE_LINK_WARNING } from '@app/contracts/api/embedding';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  type AdminLists,
  type AdminRoutes,
  chooseRowAction,
  makeConnection,
  makeDashboard,
  newDashboardForm,
  openAdminScreen,
  press,
  typeInto,
} from '../../../testing/admin-fixtures';
import { quietScreenTests } from '../../../testing/clean-up';
import { reply, requestsTo } from '../../../testing/fake-api';
import { PUBLIC_IN_TOKEN_MODE, TYPE_SET_BY_MODE } from './dashboard-form';

// Issue 14: a dashboard is embedded by URL (a public share link is called out as the admin types, and in the list),
// or with tokens minted per organization through a connection of its provider.

quietScreenTests();

const REPORT = '33333333-3333-3333-3333-333333333333';
const WORKSPACE = '44444444-4444-4444-4444-444444444444';
const connections = [
  makeConnection({ id: 5, name: 'Contoso Power BI' }),
  makeConnection({ id: 6, name: 'Metabase', provider: 'metabase', tenantId: null, siteUrl: 'https://mb.test' }),
];

function openDashboards(lists: AdminLists = {}, routes: AdminRoutes = {}) {
  return openAdminScreen('/admin/dashboards', { connections, ...lists }, routes);
}

describe('the dashboard form', () => {
  it('says plainly, as the admin types, that a URL is a public share link', async () => {
    openDashboards();
    const form = await newDashboardForm();
    typeInto(form, 'Embed URL or iframe code', 'https://example.com/embed/report');
    expect(within(form).queryByTestId('dashboard-public-link-warning')).toBeNull();
    typeInto(form, 'Embed URL or iframe code', 'https://app.powerbi.com/view?r=eyJrIjoi');
    const warning = await within(form).findByTestId('dashboard-public-link-warning');
    expect(warning.textContent).toContain(PUBLIC_SHARE_LINK_WARNING);
    // Pasted iframe code too: its src is what counts.
    typeInto(form, 'Embed URL or iframe code', '<iframe src="https://public.tableau.com/views/x"></iframe>');
    expect(within(form).getByTestId('dashboard-public-link-warning')).toBeTruthy();
    typeInto(form, 'Embed URL or iframe code', '<iframe src="https://example.com/x"></iframe>');
    expect(within(form).queryByTestId('dashboard-public-link-warning')).toBeNull();
  });

  it('in Power BI mode offers the Power BI connections, its fields, and no public option; then sends them', async () => {
    const saved = makeDashboard({ id: 12, name: 'Board', embedMode: 'powerbi', isPublic: false, embedUrl: '' });
    const { api } = openDashboards(
      {},
      { 'POST /api/admin/dashboards': reply({ ...saved, embedUrlWarning: null }, 201) },
    );
    const form = await newDashboardForm();
    fireEvent.click(within(form).getByLabelText('Publicly viewable'));
    typeInto(form, 'Embed', 'powerbi');
    expect(within(form).queryByLabelText('Embed URL or iframe code')).toBeNull();
    const choice = (await within(form).findByLabelText('Connection')) as HTMLSelectElement;
    await waitFor(() => expect(choice.options.length).toBe(2));
    expect([...choice.options].map((o) => o.textContent)).toEqual(['Select a connection', 'Contoso Power BI']);
    const isPublic = within(form).getByLabelText('Publicly viewable') as HTMLInputElement;
    expect(isPublic.disabled).toBe(true);
    expect(isPublic.checked).toBe(false);
    expect(within(form).getByText(PUBLIC_IN_TOKEN_MODE)).toBeTruthy();

    typeInto(form, 'Name', 'Board');
    typeInto(form, 'Category', 'Sales');
    typeInto(form, 'Connection', '5');
    typeInto(form, 'Workspace ID', 'not-a-guid');
    typeInto(form, 'Report ID', REPORT);
    press(form, 'Create Dashboard');
    expect(await within(form).findByText(/Workspace ID must be a GUID/)).toBeTruthy();
    expect(requestsTo(api, 'POST /api/admin/dashboards')).toHaveLength(0);

    typeInto(form, 'Workspace ID', WORKSPACE);
    press(form, 'Create Dashboard');
    await screen.findByText('Dashboard created');
    expect(requestsTo(api, 'POST /api/admin/dashboards')[0]?.body).toMatchObject({
      name: 'Board',
      embedMode: 'powerbi',
      embedUrl: '',
      isPublic: false,
      connectionId: 5,
      workspaceId: WORKSPACE,
      reportId: REPORT,
      viewUrl: '',
      metabaseDashboardId: null,
    });
  });

  it('in Metabase mode asks for the Metabase dashboard ID; in Tableau mode, with no Tableau connection, links to the Connections tab', async () => {
    const { api, router } = openDashboards(
      {},
      { 'POST /api/admin/dashboards': reply({ ...makeDashboard(), embedUrlWarning: null }, 201) },
    );
    const form = await newDashboardForm();
    typeInto(form, 'Embed', 'tableau');
    expect(within(form).getByLabelText('View URL')).toBeTruthy();
    const none = await within(form).findByTestId('dashboard-no-connection');
    expect(none.textContent).toContain('No Tableau connection yet');
    const link = within(none).getByRole('link', { name: 'Create one in Connections' });
    expect(link.getAttribute('href')).toBe('/admin/connections');

    const typeField = () => within(form).getByLabelText('Type') as HTMLSelectElement;
    expect(typeField().value).toBe('Tableau');
    expect(typeField().disabled).toBe(true);
    expect(within(form).getByText(TYPE_SET_BY_MODE)).toBeTruthy();
    // Back to a URL: the type is the admin's again.
    typeInto(form, 'Embed', 'url');
    expect(typeField().disabled).toBe(false);
    typeInto(form, 'Type', 'Custom');
    expect(within(form).queryByText(TYPE_SET_BY_MODE)).toBeNull();

    typeInto(form, 'Embed', 'metabase');
    expect([...typeField().options].map((o) => o.value)).toContain('Metabase');
    expect(typeField().value).toBe('Metabase');
    expect(typeField().disabled).toBe(true);
    typeInto(form, 'Name', 'Ops');
    typeInto(form, 'Category', 'Sales');
    typeInto(form, 'Connection', '6');
    typeInto(form, 'Metabase dashboard ID', '42');
    press(form, 'Create Dashboard');
    await screen.findByText('Dashboard created');
    expect(requestsTo(api, 'POST /api/admin/dashboards')[0]?.body).toMatchObject({
      type: 'Metabase',
      embedMode: 'metabase',
      connectionId: 6,
      metabaseDashboardId: 42,
    });

    act(() => fireEvent.click(screen.getByRole('link', { name: 'Connections' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/connections'));
  });

  it('opens a token-mode dashboard with its fields', async () => {
    const dashboard = makeDashboard({
      id: 12,
      name: 'Board',
      embedMode: 'powerbi',
      type: 'Looker',
      embedUrl: '',
      isPublic: false,
      publicShareLink: false,
      connectionId: 5,
      workspaceId: WORKSPACE,
      reportId: REPORT,
    });
    openDashboards({ dashboards: [dashboard] });
    await chooseRowAction('Board', 'dashboard-edit');
    const form = await screen.findByTestId('dashboard-form');
    await waitFor(() => expect((within(form).getByLabelText('Embed') as HTMLSelectElement).value).toBe('powerbi'));
    await waitFor(() => expect((within(form).getByLabelText('Connection') as HTMLSelectElement).value).toBe('5'));
    expect((within(form).getByLabelText('Report ID') as HTMLInputElement).value).toBe(REPORT);
    // Saved as 'Looker' before the mode decided the type: the form shows the mode's.
    expect((within(form).getByLabelText('Type') as HTMLSelectElement).value).toBe('PowerBI');
  });
});

describe('the dashboards list', () => {
  it("shows each dashboard's mode, marks public share links, and links to the viewer to preview", async () => {
    const publicLink = makeDashboard({ id: 10, name: 'Shared', publicShareLink: true });
    const token = makeDashboard({
      id: 11,
      name: 'Protected',
      embedMode: 'tableau',
      embedUrl: '',
      isPublic: false,
      publicShareLink: false,
    });
    // In the server's order, by name: 'Protected' first.
    const { router } = openDashboards({ dashboards: [token, publicLink] });
    const [protectedRow, shared] = await screen.findAllByTestId('dashboard-row');
    const badge = within(shared!).getByTestId('dashboard-public-link');
    expect(badge.textContent).toContain('Public link');
    expect(badge.getAttribute('title')).toBe(PUBLIC_SHARE_LINK_WARNING);
    expect(within(shared!).getByTestId('dashboard-embed').textContent).toBe('URL');
    expect(within(protectedRow!).getByTestId('dashboard-embed').textContent).toBe('Tableau');
    expect(within(protectedRow!).queryByTestId('dashboard-public-link')).toBeNull();
    await chooseRowAction('Protected', 'dashboard-preview');
    // The preview link was followed: the viewer, with the way back to the list.
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/dashboard/11'));
    expect(router.state.location.search).toEqual({ from: '/admin/dashboards' });
  });
});
