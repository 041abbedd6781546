// @vitest-environment happy-dom
import { PUBLIC_SHARE_LINK_WARNING } from '@app/contracts/api/embedding';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  adminApi,
  makeConnection,
  makeDashboard,
  newDashboardForm,
  press,
  typeInto,
} from '../../../testing/admin-fixtures';
import { quietScreenTests } from '../../../testing/clean-up';
import { reply, requestsTo } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

// Issue 28: a Looker Studio dashboard names its connection and report (picked from the connection's assets search,
// or its id or address pasted); its embed URL follows the report. The list shows whether its sharing is in step.

quietScreenTests();

const SALES = '0b1d6a4e-1c2f-4e5a-9b8c-7d6e5f4a3b2c';
const OPS = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
const looker = makeConnection({
  id: 8,
  name: 'Google (reports@acme.test)',
  provider: 'lookerstudio',
  tenantId: null,
  clientId: null,
  delegatedUser: 'reports@acme.test',
  serviceAccountEmail: 'portal@acme-reports.iam.gserviceaccount.com',
});
const connections = [makeConnection({ id: 5, name: 'Contoso Power BI' }), looker];
const asset = (name: string, title: string) => ({
  name,
  title,
  assetType: 'REPORT',
  owner: 'reports@acme.test',
  updateTime: '2026-11-20T10:00:00Z',
});

function openDashboards(lists: Parameters<typeof adminApi>[0] = {}, routes: Parameters<typeof adminApi>[1] = {}) {
  const api = adminApi({ connections, ...lists }, routes);
  renderApp('/admin/dashboards');
  return api;
}

/** Types into the Report combobox as a person does: focused first. */
function typeReport(scope: HTMLElement, value: string) {
  const input = within(scope).getByLabelText('Report');
  act(() => fireEvent.focus(input));
  fireEvent.change(input, { target: { value } });
}
const valueIn = (scope: HTMLElement, label: string) => (within(scope).getByLabelText(label) as HTMLInputElement).value;

async function lookerStudioForm() {
  const form = await newDashboardForm();
  typeInto(form, 'Name', 'Sales');
  typeInto(form, 'Category', 'Sales');
  typeInto(form, 'Type', 'Looker');
  typeInto(form, 'Embed', 'lookerstudio');
  const choice = (await within(form).findByLabelText('Connection')) as HTMLSelectElement;
  await waitFor(() => expect(choice.options.length).toBe(2));
  return form;
}

describe('the dashboard form in Looker Studio mode', () => {
  it('offers only Looker Studio connections, searches their reports by title, and fills the id and embed URL from the pick', async () => {
    const saved = makeDashboard({ id: 20, embedMode: 'lookerstudio', connectionId: 8, assetName: SALES });
    const api = openDashboards(
      {},
      {
        'GET /api/admin/embed-connections/8/assets?q=': reply({
          assets: [asset(SALES, 'Sales 2026'), asset(OPS, 'Ops')],
        }),
        'GET /api/admin/embed-connections/8/assets?q=Sal': reply({ assets: [asset(SALES, 'Sales 2026')] }),
        'POST /api/admin/dashboards': reply({ ...saved, embedUrlWarning: null }, 201),
      },
    );
    const form = await lookerStudioForm();
    const choice = within(form).getByLabelText('Connection') as HTMLSelectElement;
    expect([...choice.options].map((o) => o.textContent)).toEqual(['Select a connection', looker.name]);
    const isPublic = within(form).getByLabelText('Publicly viewable') as HTMLInputElement;
    expect(isPublic.disabled).toBe(true);

    // Nothing is searched before a connection is chosen.
    expect(requestsTo(api, 'GET /api/admin/embed-connections/8/assets?q=')).toHaveLength(0);
    typeInto(form, 'Connection', '8');
    await waitFor(() => expect(requestsTo(api, 'GET /api/admin/embed-connections/8/assets?q=')).toHaveLength(1));

    typeReport(form, 'Sal');
    await waitFor(() => expect(requestsTo(api, 'GET /api/admin/embed-connections/8/assets?q=Sal')).toHaveLength(1));
    // Words of a title are a search: they name no report yet, and the embed URL stays empty.
    expect(valueIn(form, 'Embed URL')).toBe('');
    const input = within(form).getByLabelText('Report');
    act(() => fireEvent.click(input));
    const picked = await screen.findByRole('option', { name: /Sales 2026/ });
    expect(screen.queryByRole('option', { name: /^Ops/ })).toBeNull();
    act(() => fireEvent.click(picked));

    await waitFor(() => expect(valueIn(form, 'Report')).toBe(SALES));
    expect(valueIn(form, 'Embed URL')).toBe(`https://lookerstudio.google.com/embed/reporting/${SALES}`);
    expect(within(form).getByText(/^Sales 2026 \(/)).toBeTruthy();
    // A Looker Studio dashboard is no public share link once sharing is the portal's: no warning in the form.
    expect(within(form).queryByTestId('dashboard-public-link-warning')).toBeNull();

    press(form, 'Create Dashboard');
    await waitFor(() => expect(requestsTo(api, 'POST /api/admin/dashboards')).toHaveLength(1));
    expect(requestsTo(api, 'POST /api/admin/dashboards')[0]?.body).toMatchObject({
      embedMode: 'lookerstudio',
      connectionId: 8,
      assetName: SALES,
      embedUrl: `https://lookerstudio.google.com/embed/reporting/${SALES}`,
      isPublic: false,
    });
  });

  it("takes a pasted Looker Studio address as the report, keeping its page, and an id as the report's first page", async () => {
    openDashboards({}, { 'GET /api/admin/embed-connections/8/assets?q=': reply({ assets: [] }) });
    const form = await lookerStudioForm();
    typeInto(form, 'Connection', '8');
    typeReport(form, `https://lookerstudio.google.com/u/0/reporting/${OPS}/page/p_abc123`);
    await waitFor(() => expect(valueIn(form, 'Report')).toBe(OPS));
    expect(valueIn(form, 'Embed URL')).toBe(`https://lookerstudio.google.com/embed/reporting/${OPS}/page/p_abc123`);

    typeReport(form, SALES);
    await waitFor(() =>
      expect(valueIn(form, 'Embed URL')).toBe(`https://lookerstudio.google.com/embed/reporting/${SALES}`),
    );
  });

  it('says what is missing or wrong, under the fields, and sends nothing', async () => {
    const api = openDashboards({}, { 'GET /api/admin/embed-connections/8/assets?q=': reply({ assets: [] }) });
    const form = await lookerStudioForm();
    press(form, 'Create Dashboard');
    expect(await within(form).findByText('Please choose a connection')).toBeTruthy();
    expect(within(form).getByText('Report ID is required')).toBeTruthy();

    typeInto(form, 'Connection', '8');
    typeInto(form, 'Embed URL', 'https://example.com/report');
    expect(await within(form).findByText(/Embed URL must be a Looker Studio report address/)).toBeTruthy();
    typeReport(form, 'sales report');
    expect(await within(form).findByText(/Report ID must be the id in the report's address/)).toBeTruthy();
    expect(requestsTo(api, 'POST /api/admin/dashboards')).toHaveLength(0);
  });
});

describe('the dashboards list', () => {
  it("shows each Looker Studio dashboard's sharing: in step, or failing with why; and a public link only when it is one", async () => {
    const lookerDashboard = (id: number, name: string, overrides: Parameters<typeof makeDashboard>[0]) =>
      makeDashboard({
        id,
        name,
        embedMode: 'lookerstudio',
        connectionId: 8,
        assetName: SALES,
        isPublic: false,
        ...overrides,
      });
    openDashboards({
      dashboards: [
        lookerDashboard(21, 'In step', {
          publicShareLink: false,
          sharing: { state: 'in-step', lastSyncedAt: '2026-11-27T09:00:00Z', error: null, linkSharingOff: true },
        }),
        lookerDashboard(22, 'Failing', {
          publicShareLink: true,
          sharing: {
            state: 'failing',
            lastSyncedAt: null,
            error: 'Removing bob@example.com failed: Looker Studio answered 403',
            linkSharingOff: false,
          },
        }),
      ],
    });
    const rows = await screen.findAllByTestId('dashboard-row');
    const row = (name: string) => rows.find((r) => r.textContent?.includes(name))!;
    const inStep = within(row('In step')).getByTestId('dashboard-sharing');
    expect(inStep.getAttribute('data-state')).toBe('in-step');
    expect(inStep.textContent).toContain('In step');
    expect(within(inStep).getByTestId('dashboard-sharing-synced').textContent).toMatch(/2026/);
    expect(within(row('In step')).queryByTestId('dashboard-public-link')).toBeNull();

    const failing = within(row('Failing')).getByTestId('dashboard-sharing');
    expect(failing.textContent).toContain('Failing');
    expect(within(failing).getByTestId('dashboard-sharing-error').textContent).toBe(
      'Removing bob@example.com failed: Looker Studio answered 403',
    );
    expect(within(failing).getByTestId('dashboard-sharing-synced').textContent).toBe('Never');
    expect(within(row('Failing')).getByTestId('dashboard-public-link').textContent).toContain(
      PUBLIC_SHARE_LINK_WARNING,
    );
  });
});
