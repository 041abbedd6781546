// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as fixtures from '../../../testing/admin-fixtures';
import { quietScreenTests } from '../../../testing/clean-up';
import { reply, requestsTo } from '../../../testing/fake-api';

// Issue 14: each organization–dashboard link of a token-mode dashboard carries what the organization may see, edited
// in a form fitted to the dashboard's provider and checked as the server checks it.

quietScreenTests();

const token = { embedUrl: '', isPublic: false, publicShareLink: false } as const;
const dashboards = [
  fixtures.makeDashboard({ id: 10, name: 'Shared', embedMode: 'url' }),
  fixtures.makeDashboard({ id: 11, name: 'Finance', embedMode: 'powerbi', ...token }),
  fixtures.makeDashboard({ id: 12, name: 'Views', embedMode: 'tableau', ...token }),
  fixtures.makeDashboard({ id: 13, name: 'Ops', embedMode: 'metabase', ...token }),
];
const links = [
  fixtures.makeLink({ dashboardId: 10, dashboardName: 'Shared' }),
  fixtures.makeLink({ dashboardId: 11, dashboardName: 'Finance', dashboardEmbedMode: 'powerbi', dataScope: null }),
  fixtures.makeLink({
    dashboardId: 12,
    dashboardName: 'Views',
    dashboardEmbedMode: 'tableau',
    dataScope: { attributes: { region: 'EU' } },
  }),
  fixtures.makeLink({
    dashboardId: 13,
    dashboardName: 'Ops',
    dashboardEmbedMode: 'metabase',
    dataScope: { params: {} },
  }),
];

function openAssociations(routes: fixtures.AdminRoutes = {}) {
  const organizations = [fixtures.makeOrganization(), fixtures.makeOrganization({ id: 2, name: 'Globex' })];
  return fixtures.openAdminScreen('/admin?tab=associations', { organizations, dashboards, links }, routes).api;
}

const rowOf = async (dashboardId: number) =>
  // The tab asks the server for its page once it opens (issue 18): give it the time a cold start takes.
  (await screen.findAllByTestId('association-row', {}, { timeout: 5000 })).find(
    (row) => row.getAttribute('data-dashboard-id') === String(dashboardId),
  )!;
/** 'Edit scope' from the link's row menu: the scope editor in the side panel (issue 27). */
async function editScope(dashboardId: number, name: string) {
  await rowOf(dashboardId);
  await fixtures.chooseRowAction(`${name} for Acme`, 'association-edit-scope');
  return screen.findByTestId('edit-scope-dialog');
}
const linkForm = () => fixtures.openCreatePanel('link-create', 'link-dashboard-form');
const save = (dialog: HTMLElement) => fixtures.press(dialog, 'Save scope');
/** Presses 'Link Dashboard': once the link is made, what was sent. */
async function linkSent(api: ReturnType<typeof openAssociations>, form: HTMLElement) {
  fixtures.press(form, 'Link Dashboard');
  await screen.findByText('Dashboard linked to organization');
  return requestsTo(api, 'POST /api/admin/organization-dashboards')[0]?.body;
}

describe('data scopes in the Associations tab', () => {
  it("shows each token-mode link's scope, 'Not set up' when it has none, and no scope for a URL dashboard", async () => {
    openAssociations();
    const url = await rowOf(10);
    expect(within(url).getByTestId('association-scope').textContent).toContain('URL');
    // A URL dashboard takes no scope: its menu offers Unlink only.
    fixtures.press(url, 'Actions for Shared for Acme');
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByTestId('association-edit-scope')).toBeNull();
    expect(within(menu).getByTestId('association-unlink')).toBeTruthy();
    expect(within(await rowOf(11)).getByTestId('association-scope').textContent).toContain('Not set up');
    expect(within(await rowOf(12)).getByTestId('association-scope').textContent).toContain('region = EU');
    expect(within(await rowOf(13)).getByTestId('association-scope').textContent).toContain('No filter');
  });

  it('links a Power BI dashboard with its roles and username', async () => {
    const api = openAssociations({ 'POST /api/admin/organization-dashboards': reply(links[1], 201) });
    const form = await linkForm();
    fixtures.typeInto(form, 'Organization', '2');
    fixtures.typeInto(form, 'Dashboard', '10');
    expect(within(form).queryByLabelText('Roles')).toBeNull();
    fixtures.typeInto(form, 'Dashboard', '11');
    fixtures.typeInto(form, 'Roles', ' Sales, EU ,, ');
    fixtures.typeInto(form, 'Username (optional)', 'globex@tenant.test');
    expect(await linkSent(api, form)).toEqual({
      organizationId: 2,
      dashboardId: 11,
      dataScope: { roles: ['Sales', 'EU'], username: 'globex@tenant.test' },
    });
  });

  it("links a token-mode dashboard left empty as 'not set up' (null), and a URL one with no scope at all", async () => {
    const api = openAssociations({ 'POST /api/admin/organization-dashboards': reply(links[1], 201) });
    const form = await linkForm();
    fixtures.typeInto(form, 'Organization', '2');
    fixtures.typeInto(form, 'Dashboard', '13');
    expect(await linkSent(api, form)).toEqual({
      organizationId: 2,
      dashboardId: 13,
      dataScope: null,
    });
  });

  it('edits Tableau attributes as name/value rows: add, remove, duplicate names refused, then PUT', async () => {
    const api = openAssociations({
      'PUT /api/admin/organization-dashboards/1/12': reply({ ...links[2], dataScope: { attributes: {} } }),
    });
    const dialog = await editScope(12, 'Views');
    expect((within(dialog).getByLabelText('Attribute 1 Name') as HTMLInputElement).value).toBe('region');
    expect((within(dialog).getByLabelText('Attribute 1 Value') as HTMLInputElement).value).toBe('EU');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add attribute' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add attribute' }));
    fixtures.typeInto(dialog, 'Attribute 2 Name', 'region');
    fixtures.typeInto(dialog, 'Attribute 2 Value', 'US');
    fixtures.typeInto(dialog, 'Attribute 3 Name', 'tier');
    fixtures.typeInto(dialog, 'Attribute 3 Value', 'gold');
    save(dialog);
    expect(await within(dialog).findByText('"region" is given twice')).toBeTruthy();
    expect(requestsTo(api, 'PUT /api/admin/organization-dashboards/1/12')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove attribute 1' }));
    await waitFor(() => expect(within(dialog).queryByText('"region" is given twice')).toBeNull());
    save(dialog);
    await screen.findByText('Data scope updated');
    expect(requestsTo(api, 'PUT /api/admin/organization-dashboards/1/12')[0]?.body).toEqual({
      dataScope: { attributes: { region: 'US', tier: 'gold' } },
    });
    await waitFor(() => expect(screen.queryByTestId('edit-scope-dialog')).toBeNull());
  });

  it("sends Metabase locked parameters as text, and shows the server's 422 message in the dialog", async () => {
    const message = 'This is a Metabase dashboard: its data scope is { params: { name: value } }';
    const api = openAssociations({
      'PUT /api/admin/organization-dashboards/1/13': reply({ message, issues: [{ path: 'dataScope', message }] }, 422),
    });
    const dialog = await editScope(13, 'Ops');
    const unrestricted = within(dialog).getByLabelText(/No filter/) as HTMLInputElement;
    expect(unrestricted.checked).toBe(true);
    fireEvent.click(unrestricted);
    fixtures.typeInto(dialog, 'Parameter 1 Name', 'customer_id');
    fixtures.typeInto(dialog, 'Parameter 1 Value', '42');
    save(dialog);
    expect((await within(dialog).findByTestId('edit-scope-error')).textContent).toBe(message);
    expect(requestsTo(api, 'PUT /api/admin/organization-dashboards/1/13')[0]?.body).toEqual({
      dataScope: { params: { customer_id: '42' } },
    });
  });

  it("sets a Power BI link up with 'No filter' ({ roles: [] }), checked against the contracts before sending", async () => {
    const api = openAssociations({ 'PUT /api/admin/organization-dashboards/1/11': reply(links[1]) });
    const dialog = await editScope(11, 'Finance');
    fixtures.typeInto(dialog, 'Roles', 'x'.repeat(101));
    save(dialog);
    expect(await within(dialog).findByText('Role must be at most 100 characters')).toBeTruthy();
    expect(requestsTo(api, 'PUT /api/admin/organization-dashboards/1/11')).toHaveLength(0);
    fireEvent.click(within(dialog).getByLabelText(/No filter/));
    save(dialog);
    await screen.findByText('Data scope updated');
    expect(requestsTo(api, 'PUT /api/admin/organization-dashboards/1/11')[0]?.body).toEqual({
      dataScope: { roles: [] },
    });
  });
});
