// @vitest-environment happy-dom
import { AdminMessages } from '@app/contracts/api/admin';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminApi, chooseRowAction, makeConnection, makeDashboard } from '../../../testing/admin-fixtures';
import { cleanUpAfterEachTest } from '../../../testing/clean-up';
import { jsonResponse, reply, requestsTo } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';
import { SECRET_KEPT_HINT } from '../forms/connection-form';
import { deleteConnectionQuestion } from './connections-tab';

// Issue 14: the Connections tab. Secrets are write-only: typed in when a connection is made or changed, never shown.

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

cleanUpAfterEachTest();

const powerbi = makeConnection({ id: 5, name: 'Contoso Power BI', dashboardCount: 1 });
const tableau = makeConnection({
  id: 6,
  name: 'Tableau Cloud',
  provider: 'tableau',
  tenantId: null,
  clientId: 'connected-app-id',
  siteUrl: 'https://tableau.example.com',
  siteName: 'acme',
  secretId: 'secret-id-1',
});
const dashboards = [makeDashboard({ id: 10, name: 'Sales Overview', embedMode: 'powerbi', connectionId: 5 })];

function openConnections(routes: Parameters<typeof adminApi>[1] = {}) {
  const api = adminApi({ connections: [powerbi, tableau], dashboards }, routes);
  renderApp('/admin?tab=connections');
  return api;
}

const form = () => screen.findByTestId('connection-form');
/** Opens the side panel with an empty form ('New connection'). */
const newConnection = async () => {
  act(() => fireEvent.click(screen.getByTestId('connection-create')));
  const panel = await screen.findByTestId('connection-panel');
  return within(panel).findByTestId('connection-form');
};
const type = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const rowOf = async (name: string) =>
  (await screen.findAllByTestId('connection-row')).find((row) => row.textContent?.includes(name))!;
/** The Status cell of the connection `name`, once it says `state` (the list is read again after a check). */
async function statusOnceIn(name: string, state: string) {
  const status = async () => within(await rowOf(name)).getByTestId('connection-status');
  await waitFor(async () => expect((await status()).getAttribute('data-state')).toBe(state));
  return status();
}

describe('the Connections tab', () => {
  it('lists the connections: provider, site or tenant, and the dashboards that use them', async () => {
    openConnections();
    const row = await rowOf('Contoso Power BI');
    expect(row.textContent).toContain('Power BI');
    expect(row.textContent).toContain('Tenant 11111111-1111-1111-1111-111111111111');
    expect(within(row).getByTestId('connection-dashboards').textContent).toContain('Sales Overview');
    const other = await rowOf('Tableau Cloud');
    expect(other.textContent).toContain('https://tableau.example.com (site acme)');
  });

  it("creates a Tableau connection with its secret, then shows that testing it failed, with the provider's answer", async () => {
    const test = { ok: false, message: 'Tableau refused the connected app (401): check the secret' };
    const api = openConnections({
      'POST /api/admin/embed-connections': reply({ ...tableau, id: 7, name: 'Server', test }, 201),
    });
    await screen.findByTestId('connections-table');
    // The list has the full width: the form opens in the side panel only when asked for.
    expect(screen.queryByTestId('connection-form')).toBeNull();
    const panel = await newConnection();
    type(panel, 'Provider', 'tableau');
    // Only the provider's own fields show; a secret is a password field browsers do not fill in.
    expect(within(panel).queryByLabelText('Tenant ID')).toBeNull();
    const secret = within(panel).getByLabelText('Secret value') as HTMLInputElement;
    expect(secret.type).toBe('password');
    expect(secret.autocomplete).toBe('off');

    type(panel, 'Name', 'Server');
    type(panel, 'Site URL', 'https://tableau.example.com');
    type(panel, 'Connected app client ID', 'app-1');
    type(panel, 'Secret ID', 'sid-1');
    act(() => fireEvent.click(within(panel).getByRole('button', { name: 'Create Connection' })));
    // A new connection needs its secret: nothing is sent without it.
    expect(await within(panel).findByText('Secret value is required')).toBeTruthy();
    expect(requestsTo(api, 'POST /api/admin/embed-connections')).toHaveLength(0);

    type(panel, 'Secret value', 's3cr3t-value');
    act(() => fireEvent.click(within(panel).getByRole('button', { name: 'Create Connection' })));
    const result = await screen.findByTestId('connection-test-result');
    expect(result.getAttribute('data-variant')).toBe('warning');
    expect(result.textContent).toContain("Saved, but testing 'Server' failed: ");
    expect(result.textContent).toContain(test.message);
    expect(requestsTo(api, 'POST /api/admin/embed-connections')[0]?.body).toEqual({
      name: 'Server',
      provider: 'tableau',
      siteUrl: 'https://tableau.example.com',
      siteName: '',
      clientId: 'app-1',
      secretId: 'sid-1',
      secretValue: 's3cr3t-value',
    });
    // The panel closes: the secret is not kept on the page. The Status column shows what the test found.
    await waitFor(() => expect(screen.queryByTestId('connection-panel')).toBeNull());
    expect(screen.queryByTestId('connection-form')).toBeNull();
  });

  it('never fills in a secret on edit, keeps it when left empty, and shows a passed test as a success', async () => {
    const test = { ok: true, message: 'Signed in to Entra ID and listed the workspaces' };
    // The server keeps what the test after the save found on the connection: the list read again says so.
    const tested = { ...powerbi, lastCheck: { ...test, checkedAt: new Date().toISOString() } };
    let listed = [powerbi, tableau];
    const api = openConnections({
      'GET /api/admin/embed-connections': () => jsonResponse(listed),
      'PUT /api/admin/embed-connections/5': () => {
        listed = [tested, tableau];
        return jsonResponse({ ...tested, test });
      },
    });
    await chooseRowAction('Contoso Power BI', 'connection-edit');
    const panel = await form();
    expect(within(screen.getByTestId('connection-panel')).getByTestId('powerbi-extras')).toBeTruthy();
    await waitFor(() => expect(within(panel).getByRole('heading', { name: 'Edit Connection' })).toBeTruthy());
    expect((within(panel).getByLabelText('Tenant ID') as HTMLInputElement).value).toBe(powerbi.tenantId);
    const secret = within(panel).getByLabelText('Client secret') as HTMLInputElement;
    expect(secret.value).toBe('');
    expect(secret.type).toBe('password');
    expect(within(panel).getByText(SECRET_KEPT_HINT)).toBeTruthy();

    type(panel, 'Name', 'Contoso');
    act(() => fireEvent.click(within(panel).getByRole('button', { name: 'Update Connection' })));
    const result = await screen.findByTestId('connection-test-result');
    expect(result.getAttribute('data-variant')).toBe('success');
    expect(result.textContent).toContain(test.message);
    await waitFor(() => expect(screen.queryByTestId('connection-panel')).toBeNull());
    const status = await statusOnceIn('Contoso Power BI', 'ok');
    expect(status.textContent).toContain(`Check passed: ${test.message}`);
    expect(within(status).getByTestId('connection-checked-at').textContent).toContain('Checked just now');
    expect(requestsTo(api, 'PUT /api/admin/embed-connections/5')[0]?.body).toEqual({
      name: 'Contoso',
      provider: 'powerbi',
      tenantId: powerbi.tenantId,
      clientId: powerbi.clientId,
      clientSecret: '',
    });
  });

  it("tests a connection from its row's menu and shows what the provider said in its Status, kept on it", async () => {
    const failed = { ok: false, message: 'Tableau did not answer within 8 s' };
    const checkedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    let listed = [powerbi, tableau];
    const api = openConnections({
      'GET /api/admin/embed-connections': () => jsonResponse(listed),
      'POST /api/admin/embed-connections/6/test': () => {
        listed = [powerbi, { ...tableau, lastCheck: { ...failed, checkedAt } }];
        return jsonResponse(failed);
      },
    });
    const row = await rowOf('Tableau Cloud');
    expect(within(row).getByTestId('connection-status').getAttribute('data-state')).toBe('unchecked');
    expect(within(row).getByTestId('connection-status').textContent).toBe('Not checked');
    await chooseRowAction('Tableau Cloud', 'connection-test');
    const shown = await within(await rowOf('Tableau Cloud')).findByTestId('connection-row-test');
    const status = within(await rowOf('Tableau Cloud')).getByTestId('connection-status');
    expect(status.getAttribute('data-state')).toBe('failed');
    expect(status.textContent).toContain('Failed');
    expect(shown.textContent).toContain('Check failed: Tableau did not answer within 8 s');
    // When, as people say it, the exact time on hover.
    const when = within(shown).getByTestId('connection-checked-at').querySelector('time')!;
    expect(when.textContent).toContain('5 minutes ago');
    expect(when.getAttribute('datetime')).toBe(checkedAt);
    expect(when.getAttribute('title')).toBeTruthy();
    expect(requestsTo(api, 'POST /api/admin/embed-connections/6/test')).toHaveLength(1);
  });

  it('shows the last check kept on a connection after a reload, and a test the server could not be asked for', async () => {
    const checkedAt = '2026-11-27T08:00:00Z';
    adminApi(
      {
        connections: [
          makeConnection({ ...powerbi, lastCheck: { ok: true, message: 'Listed 3 workspaces', checkedAt } }),
          tableau,
        ],
        dashboards,
      },
      { 'POST /api/admin/embed-connections/6/test': reply({ message: 'Service unavailable', issues: [] }, 503) },
    );
    renderApp('/admin?tab=connections');
    const status = within(await rowOf('Contoso Power BI')).getByTestId('connection-status');
    expect(status.getAttribute('data-state')).toBe('ok');
    expect(status.textContent).toContain('Check passed: Listed 3 workspaces');
    expect(within(status).getByTestId('connection-checked-at').querySelector('time')?.getAttribute('datetime')).toBe(
      checkedAt,
    );
    // The request itself failed: said on this page, without a time (nothing was kept).
    await chooseRowAction('Tableau Cloud', 'connection-test');
    const tableauStatus = await statusOnceIn('Tableau Cloud', 'failed');
    expect(tableauStatus.textContent).toContain('Check failed: The test could not be run');
    expect(within(tableauStatus).queryByTestId('connection-checked-at')).toBeNull();
  });

  it('asks before deleting, and says plainly that a connection in use cannot be deleted', async () => {
    const api = openConnections({
      'DELETE /api/admin/embed-connections/5': reply({ message: AdminMessages.connectionInUse, issues: [] }, 409),
    });
    await chooseRowAction('Contoso Power BI', 'connection-delete');
    const dialog = await screen.findByTestId('delete-connection-dialog');
    expect(dialog.getAttribute('role')).toBe('alertdialog');
    expect(within(dialog).getByText(deleteConnectionQuestion(powerbi))).toBeTruthy();
    // Nothing is sent before the admin confirms.
    expect(requestsTo(api, 'DELETE /api/admin/embed-connections/5')).toHaveLength(0);
    expect(deleteConnectionQuestion(powerbi)).toContain('used by 1 dashboard');
    act(() => fireEvent.click(within(dialog).getByTestId('confirm-action')));
    const toast = await screen.findByTestId('toast');
    await waitFor(() => expect(within(toast).getByText(AdminMessages.connectionInUse)).toBeTruthy());
    expect(within(toast).getByText('Error deleting connection')).toBeTruthy();
    expect(requestsTo(api, 'DELETE /api/admin/embed-connections/5')).toHaveLength(1);
  });

  it('marks a connection whose dashboards lost their report, or whose last sync failed, as Failed with why', async () => {
    adminApi(
      {
        connections: [
          powerbi,
          makeConnection({
            id: 8,
            name: 'Looker',
            provider: 'lookerstudio',
            lastSync: { at: '2026-11-27T08:00:00Z', added: 0, removed: 0, unexpected: 0, error: 'invalid_grant' },
          }),
          makeConnection({
            id: 9,
            name: 'Looker fine',
            provider: 'lookerstudio',
            lastSync: { at: '2026-11-27T08:00:00Z', added: 1, removed: 0, unexpected: 0, error: null },
          }),
        ],
        dashboards: [
          makeDashboard({
            id: 10,
            name: 'Sales Overview',
            embedMode: 'powerbi',
            connectionId: 5,
            targetProblem: 'Power BI has no report r1 in workspace w1 any more',
          }),
        ],
      },
      {},
    );
    renderApp('/admin?tab=connections');
    const status = async (name: string) => within(await rowOf(name)).getByTestId('connection-status');
    expect((await status('Contoso Power BI')).getAttribute('data-state')).toBe('failed');
    expect((await status('Contoso Power BI')).textContent).toContain('1 report gone (Sales Overview)');
    expect((await status('Looker')).getAttribute('data-state')).toBe('failed');
    expect((await status('Looker')).textContent).toContain('Last sync failed: invalid_grant');
    expect((await status('Looker fine')).getAttribute('data-state')).toBe('ok');
  });
});
