// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  type AdminRoutes,
  chooseRowAction,
  makeConnection,
  openAdminScreen,
  press,
  typeInto,
} from '../../../testing/admin-fixtures';
import { quietScreenTests } from '../../../testing/clean-up';
import { reply, requestsTo } from '../../../testing/fake-api';
import { OWNS_SHARING_HINT, SECRET_KEPT_HINT } from '../forms/connection-form';

// Issue 28: a Looker Studio connection is a service account's JSON key (write-only, pasted or read from its file),
// the Workspace user it acts as, and whether the portal removes members it did not add. 'Sync now' reconciles.

quietScreenTests();

const KEY = JSON.stringify({
  type: 'service_account',
  project_id: 'acme-reports',
  client_email: 'portal@acme-reports.iam.gserviceaccount.com',
  private_key: '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n',
});
const looker = makeConnection({
  id: 8,
  name: 'Google reports',
  provider: 'lookerstudio',
  tenantId: null,
  clientId: null,
  delegatedUser: 'reports@acme.test',
  serviceAccountEmail: 'portal@acme-reports.iam.gserviceaccount.com',
  lastSync: { at: '2026-11-27T08:00:00Z', added: 3, removed: 1, unexpected: 2, error: null },
  dashboardCount: 2,
});

/** What a save of `looker` sends, but for its key and its sharing choice. */
const sent = { name: 'Google reports', provider: 'lookerstudio', delegatedUser: 'reports@acme.test' };

function openConnections(routes: AdminRoutes = {}, connections = [looker]) {
  return openAdminScreen('/admin?tab=connections', { connections }, routes).api;
}

const form = () => screen.findByTestId('connection-form');
/** Saves the connection (`button`: Create or Update Connection): what testing it found. */
async function testResult(panel: HTMLElement, button: string) {
  press(panel, button);
  return (await screen.findByTestId('connection-test-result')).textContent;
}
const newConnection = async () => {
  act(() => fireEvent.click(screen.getByTestId('connection-create')));
  return form();
};

describe('a Looker Studio connection', () => {
  it('is made with the key read from its file, the delegated user and the sharing choice; bad input is named first', async () => {
    const saved = { ...looker, id: 9, lastSync: null, test: { ok: true, message: 'Found 4 reports' } };
    const api = openConnections({ 'POST /api/admin/embed-connections': reply(saved, 201) }, []);
    await screen.findByTestId('connections-empty');
    const panel = await newConnection();
    typeInto(panel, 'Provider', 'lookerstudio');
    const key = within(panel).getByLabelText('Service account key (JSON)') as HTMLTextAreaElement;
    expect(key.tagName).toBe('TEXTAREA');
    expect(key.autocomplete).toBe('off');
    expect(within(panel).getByText(OWNS_SHARING_HINT)).toBeTruthy();

    typeInto(panel, 'Name', 'Google reports');
    typeInto(panel, 'Delegated user', 'not an address');
    press(panel, 'Create Connection');
    expect(await within(panel).findByText('Service account key (JSON) is required')).toBeTruthy();
    expect(within(panel).getByText(/valid email/i)).toBeTruthy();

    // Not a key: the contracts' reason, under the field.
    typeInto(panel, 'Service account key (JSON)', '{"type":"authorized_user"}');
    expect(await within(panel).findByText(/its "type" must be "service_account"/)).toBeTruthy();
    typeInto(panel, 'Service account key (JSON)', `${KEY.slice(0, 20)}\u0000${KEY.slice(20)}`);
    expect(await within(panel).findByText('Service account key must not contain NUL characters')).toBeTruthy();

    const file = new File([KEY], 'acme-reports-1234.json', { type: 'application/json' });
    fireEvent.change(within(panel).getByTestId('connection-key-file'), { target: { files: [file] } });
    await waitFor(() => expect(key.value).toBe(KEY));
    expect(within(panel).getByTestId('connection-key-file-status').textContent).toContain('acme-reports-1234.json');
    typeInto(panel, 'Delegated user', 'reports@acme.test');
    act(() => fireEvent.click(within(panel).getByLabelText('Remove members the portal did not add')));
    expect(requestsTo(api, 'POST /api/admin/embed-connections')).toHaveLength(0);

    expect(await testResult(panel, 'Create Connection')).toContain('Found 4 reports');
    expect(requestsTo(api, 'POST /api/admin/embed-connections')[0]?.body).toEqual({
      ...sent,
      serviceAccountKey: KEY,
      ownsSharing: true,
    });
    // The key is not kept on the page: the panel closes.
    await waitFor(() => expect(screen.queryByTestId('connection-form')).toBeNull());
  });

  it('refuses a file too large to be a key without reading it into the page', async () => {
    openConnections({}, []);
    await screen.findByTestId('connections-empty');
    const panel = await newConnection();
    typeInto(panel, 'Provider', 'lookerstudio');
    const big = new File(['x'.repeat(70 * 1024)], 'dump.json', { type: 'application/json' });
    fireEvent.change(within(panel).getByTestId('connection-key-file'), { target: { files: [big] } });
    await waitFor(() =>
      expect(within(panel).getByTestId('connection-key-file-status').textContent).toContain('too large'),
    );
    expect((within(panel).getByLabelText('Service account key (JSON)') as HTMLTextAreaElement).value).toBe('');
  });

  it('never shows the stored key on edit and keeps it when left empty', async () => {
    const api = openConnections({
      'PUT /api/admin/embed-connections/8': reply({ ...looker, test: { ok: false, message: 'Delegation refused' } }),
    });
    await chooseRowAction('Google reports', 'connection-edit');
    const panel = await form();
    await waitFor(() => expect(within(panel).getByRole('heading', { name: 'Edit Connection' })).toBeTruthy());
    const key = within(panel).getByLabelText('Service account key (JSON)') as HTMLTextAreaElement;
    expect(key.value).toBe('');
    expect(within(panel).getByText(new RegExp(SECRET_KEPT_HINT.replace('.', '\\.')))).toBeTruthy();
    expect((within(panel).getByLabelText('Delegated user') as HTMLInputElement).value).toBe('reports@acme.test');
    expect(await testResult(panel, 'Update Connection')).toContain('Delegation refused');
    expect(requestsTo(api, 'PUT /api/admin/embed-connections/8')[0]?.body).toEqual({
      ...sent,
      serviceAccountKey: '',
      ownsSharing: false,
    });
  });

  it('lists the service account, the user it acts as and the last sync; Sync now says what it did and found', async () => {
    const api = openConnections({
      'POST /api/admin/embed-connections/8/sync': reply({
        added: 2,
        removed: 0,
        unexpected: [
          { dashboardId: 21, dashboardName: 'Sales', assetName: 'abc', member: 'user:bob@gmail.com', role: 'VIEWER' },
        ],
        errors: [{ dashboardId: 22, dashboardName: 'Ops', message: 'The report was not found in Looker Studio' }],
      }),
    });
    const row = (await screen.findAllByTestId('connection-row'))[0]!;
    expect(row.textContent).toContain('portal@acme-reports.iam.gserviceaccount.com acting as reports@acme.test');
    const last = within(row).getByTestId('connection-last-sync');
    expect(last.textContent).toContain('3 added, 1 removed, 2 unexpected members');

    await chooseRowAction('Google reports', 'connection-sync');
    const result = await screen.findByTestId('connection-sync-result');
    expect(requestsTo(api, 'POST /api/admin/embed-connections/8/sync')).toHaveLength(1);
    expect(result.textContent).toContain("Synced 'Google reports': 2 added, 0 removed.");
    const unexpected = within(result).getByTestId('connection-sync-unexpected');
    expect(unexpected.textContent).toContain('Found 1 member the portal did not add');
    expect(unexpected.textContent).toContain("user:bob@gmail.com (viewer) on 'Sales'");
    expect(unexpected.textContent).toContain('left as they are');
    expect(within(result).getByTestId('connection-sync-errors').textContent).toContain(
      "'Ops': The report was not found in Looker Studio",
    );
  });

  it("shows a last sync that failed with Google's answer, and none for a connection never synced", async () => {
    const failed = makeConnection({
      ...looker,
      id: 10,
      name: 'Broken key',
      lastSync: {
        at: '2026-11-27T08:00:00Z',
        added: 0,
        removed: 0,
        unexpected: 0,
        error: 'invalid_grant: key deleted',
      },
    });
    const fresh = makeConnection({ ...looker, id: 11, name: 'New one', lastSync: null });
    openConnections({}, [failed, fresh]);
    const rows = await screen.findAllByTestId('connection-row');
    const row = (name: string) => rows.find((r) => r.textContent?.includes(name))!;
    const last = within(row('Broken key')).getByTestId('connection-last-sync');
    expect(last.textContent).toContain('Failed');
    expect(last.textContent).toContain('invalid_grant: key deleted');
    expect(within(row('New one')).getByTestId('connection-sync-cell').textContent).toBe('Never');
  });

  it("says why a sync could not run, in the server's words", async () => {
    openConnections({
      'POST /api/admin/embed-connections/8/sync': reply(
        { message: 'Google refused the service account: check domain-wide delegation', issues: [] },
        422,
      ),
    });
    await screen.findByTestId('connection-row');
    await chooseRowAction('Google reports', 'connection-sync');
    const result = await screen.findByTestId('connection-sync-result');
    expect(result.getAttribute('role')).toBe('alert');
    expect(result.textContent).toBe(
      "Syncing 'Google reports' failed: Google refused the service account: check domain-wide delegation",
    );
  });
});
