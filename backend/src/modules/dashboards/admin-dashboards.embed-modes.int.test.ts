import { AdminMessages } from '@app/contracts';
import { startEmbedStandIns } from '@app/testing/embed-stand-ins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../testing/admin';
import { addConnection, standInEnv } from '../../../testing/embed';
import { createApp } from '../../app';
import { createSecretBox } from '../../lib/secret-box';

const standIns = await startEmbedStandIns();
afterAll(() => standIns.stop());
const { t, as, admin, client } = useAdminTestApp({ env: standInEnv(standIns) });

const { powerbi, tableau, metabase } = standIns.credentials;
// No type: a token mode decides it.
const base = { name: 'Protected', category: 'Sales', description: '', thumbnailUrl: '' };
let connections: { powerbi: number; tableau: number; metabase: number };
beforeAll(async () => {
  connections = {
    powerbi: await addConnection(t, standIns, 'powerbi'),
    tableau: await addConnection(t, standIns, 'tableau'),
    metabase: await addConnection(t, standIns, 'metabase'),
  };
});

const save = (body: Record<string, unknown>) => as(admin).send('POST', '/api/admin/dashboards', { ...base, ...body });
const powerBiBody = () => ({
  embedMode: 'powerbi',
  connectionId: connections.powerbi,
  workspaceId: powerbi.workspaceId,
  reportId: powerbi.reportId,
});

describe('dashboards in a token mode (issue 14)', () => {
  it('save each mode: the target in the admin list, no embed URL, nothing of the other modes', async () => {
    const created = await save(powerBiBody());
    expect(created.status).toBe(201);
    const dashboard = await created.json();
    expect(dashboard).toMatchObject({
      embedMode: 'powerbi',
      embedUrl: '',
      connectionId: connections.powerbi,
      workspaceId: powerbi.workspaceId,
      reportId: powerbi.reportId,
      viewUrl: null,
      metabaseDashboardId: null,
      publicShareLink: false,
      embedUrlWarning: null,
    });
    const tableauSaved = await (
      await save({ embedMode: 'tableau', connectionId: connections.tableau, viewUrl: tableau.viewUrl })
    ).json();
    expect(tableauSaved).toMatchObject({ embedMode: 'tableau', viewUrl: tableau.viewUrl, workspaceId: null });
    expect(tableauSaved.embedUrlWarning).toBeNull();
    const metabaseSaved = await (
      await save({
        embedMode: 'metabase',
        connectionId: String(connections.metabase),
        metabaseDashboardId: metabase.dashboardId,
      })
    ).json();
    expect(metabaseSaved).toMatchObject({ embedMode: 'metabase', metabaseDashboardId: 1, embedUrlWarning: null });

    // The viewer's side: the mode, never an address.
    const detail = await (await as(admin).get(`/api/dashboards/${dashboard.id}`)).json();
    expect(detail).toMatchObject({ embedMode: 'powerbi', embedUrl: '' });
    expect(await (await as(admin).get(`/api/dashboards/${dashboard.id}/embed-status`)).json()).toEqual({
      status: 'reachable',
    });

    // Back to url mode: the target goes.
    const back = await as(admin).send('PUT', `/api/admin/dashboards/${dashboard.id}`, {
      ...base,
      type: 'PowerBI',
      embedMode: 'url',
      embedUrl: 'https://app.powerbi.com/view?r=abc',
      connectionId: connections.powerbi,
    });
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({
      embedMode: 'url',
      connectionId: null,
      workspaceId: null,
      reportId: null,
      publicShareLink: true,
    });
  });

  it('takes the type from the token mode (missing or the same), refuses another, and asks for one in url mode', async () => {
    const tableauSaved = await save({
      embedMode: 'tableau',
      connectionId: connections.tableau,
      viewUrl: tableau.viewUrl,
    });
    expect(await tableauSaved.json()).toMatchObject({ embedMode: 'tableau', type: 'Tableau' });
    const metabaseSaved = await save({
      embedMode: 'metabase',
      type: 'Metabase',
      connectionId: connections.metabase,
      metabaseDashboardId: metabase.dashboardId,
    });
    expect(metabaseSaved.status).toBe(201);
    const made = await metabaseSaved.json();
    expect(made.type).toBe('Metabase');
    expect((await save(powerBiBody())).status).toBe(201);

    for (const [mode, body, type] of [
      ['powerbi', powerBiBody(), 'PowerBI'],
      ['metabase', { embedMode: 'metabase', connectionId: connections.metabase, metabaseDashboardId: 1 }, 'Metabase'],
    ] as const) {
      const refused = await save({ ...body, type: 'Custom' });
      expect(refused.status).toBe(422);
      expect(await refused.json()).toEqual({
        message: `Type must be ${type} for a dashboard in ${mode} mode`,
        issues: [{ path: 'type', message: `Type must be ${type} for a dashboard in ${mode} mode` }],
      });
    }
    const url = { embedMode: 'url', embedUrl: 'https://metabase.example.org/public/dashboard/x' };
    const untyped = await save(url);
    expect(untyped.status).toBe(422);
    expect((await untyped.json()).issues).toEqual([{ path: 'type', message: 'Type is required' }]);
    expect((await save({ ...url, type: 'Dashboardy' })).status).toBe(422);
    const publicMetabase = await save({ ...url, type: 'Metabase' });
    expect(publicMetabase.status).toBe(201);
    const linked = await publicMetabase.json();
    expect(linked.type).toBe('Metabase');

    // A url dashboard moved to a token mode takes its type; the list filters by the new type.
    const moved = await as(admin).send('PUT', `/api/admin/dashboards/${made.id}`, {
      ...base,
      ...powerBiBody(),
    });
    expect(await moved.json()).toMatchObject({ embedMode: 'powerbi', type: 'PowerBI' });
    const metabaseList = await (await as(admin).get('/api/admin/dashboards-direct?type=Metabase')).json();
    expect(metabaseList.length).toBeGreaterThan(0);
    expect(metabaseList.every((d: { type: string; embedMode: string }) => d.type === 'Metabase')).toBe(true);
    expect(metabaseList.map((d: { id: number }) => d.id)).toContain(linked.id);
  });

  it('audits the change of mode and target', async () => {
    const dashboard = await (await save(powerBiBody())).json();
    const other = crypto.randomUUID();
    standIns.addReport({ reportId: other, workspaceId: powerbi.workspaceId });
    await as(admin).send('PUT', `/api/admin/dashboards/${dashboard.id}`, {
      ...base,
      ...powerBiBody(),
      reportId: other,
    });
    const [entry] = await (await as(admin).get('/api/admin/audit')).json();
    expect(entry).toMatchObject({
      action: 'dashboard.update',
      targetId: String(dashboard.id),
      changes: { reportId: { from: powerbi.reportId, to: other } },
    });
    expect(Object.keys(entry.changes)).toEqual(['reportId']);
  });

  it.each([
    [{ connectionId: 999_999 }, 'connectionId', AdminMessages.unknownConnection],
    [{ connectionId: null }, 'connectionId', 'Please choose a connection'],
    [{ workspaceId: 'not-a-guid' }, 'workspaceId', 'Workspace ID must be a GUID'],
    [{ reportId: '' }, 'reportId', 'Report ID is required'],
    [{ isPublic: true }, 'isPublic', 'A public sample must be embedded by its URL'],
    [{ embedMode: 'looker' }, 'embedMode', 'Embed mode must be one of url, powerbi, tableau, metabase'],
  ])('refuses a bad token-mode dashboard with a clear message (%#)', async (override, path, message) => {
    const response = await save({ ...powerBiBody(), ...override });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.message).toContain(message);
    expect(body.issues).toContainEqual({ path, message: expect.stringContaining(message) });
  });

  it("refuses a connection of another provider, and a mode's missing fields", async () => {
    const mismatch = await save({ ...powerBiBody(), connectionId: connections.tableau });
    expect(mismatch.status).toBe(422);
    expect(await mismatch.json()).toEqual({
      message: AdminMessages.connectionProvider,
      issues: [{ path: 'connectionId', message: AdminMessages.connectionProvider }],
    });
    const noView = await save({ embedMode: 'tableau', connectionId: connections.tableau, viewUrl: 'javascript:x' });
    expect((await noView.json()).issues).toContainEqual({
      path: 'viewUrl',
      message: 'View URL must be an https address',
    });
    const noId = await save({ embedMode: 'metabase', connectionId: connections.metabase });
    expect((await noId.json()).message).toBe('Metabase dashboard ID is required');
  });

  it("saves with the provider's warning when the report does not exist or the view is on another site", async () => {
    const missing = await save({ ...powerBiBody(), reportId: crypto.randomUUID() });
    expect(missing.status).toBe(201);
    expect((await missing.json()).embedUrlWarning).toEqual(expect.stringMatching(/Power BI/));
    const elsewhere = await save({
      embedMode: 'tableau',
      connectionId: connections.tableau,
      viewUrl: 'https://tableau.example.org/t/analytics/views/Sales/Overview',
    });
    expect(elsewhere.status).toBe(201);
    expect((await elsewhere.json()).embedUrlWarning).toContain('tableau.example.org');
    const secret = standIns.credentials.powerbi.clientSecret;
    standIns.fail('powerbi-report', { status: 500, times: 1 });
    const down = await save({ ...powerBiBody(), name: 'Down' });
    expect(down.status).toBe(201);
    const text = JSON.stringify(await down.json());
    expect(text).not.toContain(secret);
  });

  it("saves with a warning when the connection's secret does not open (another APP_ENCRYPTION_KEY)", async () => {
    const app = createApp(
      { ...t.deps, secretBox: createSecretBox(Buffer.alloc(32, 3).toString('base64')) },
      {
        serveSpa: false,
      },
    );
    const response = await app.handle(
      new Request('http://localhost/api/admin/dashboards', {
        method: 'POST',
        headers: { cookie: admin.cookie, origin: 'http://localhost:3000', 'content-type': 'application/json' },
        body: JSON.stringify({ ...base, ...powerBiBody() }),
      }),
    );
    expect(response.status).toBe(201);
    const { embedUrlWarning } = await response.json();
    expect(embedUrlWarning).toContain("the connection's secret could not be opened");
    expect(embedUrlWarning).not.toContain(powerbi.clientSecret);
  });

  it('marks url-mode public share links (Power BI publish to web), not other URLs', async () => {
    const shared = await (
      await save({ embedMode: 'url', type: 'PowerBI', embedUrl: 'https://app.powerbi.com/view?r=eyJrIjoi' })
    ).json();
    expect(shared.publicShareLink).toBe(true);
    const embedded = await (
      await save({ embedMode: 'url', type: 'PowerBI', embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=x' })
    ).json();
    expect(embedded.publicShareLink).toBe(false);
    const list = await (await as(admin).get('/api/admin/dashboards-direct')).json();
    expect(list.find((d: { id: number }) => d.id === shared.id).publicShareLink).toBe(true);
  });

  it('a client reaches none of it', async () => {
    expect((await as(client).send('POST', '/api/admin/dashboards', { ...base, ...powerBiBody() })).status).toBe(403);
    expect((await as(null).send('POST', '/api/admin/dashboards', { ...base, ...powerBiBody() })).status).toBe(401);
  });
});
