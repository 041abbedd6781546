import * as schema from '@app/db/schema';
import { startEmbedStandIns } from '@app/testing/embed-stand-ins';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../testing/admin';
import { addConnection, standInEnv } from '../../../testing/embed';

/** Issue 29: import a workspace's reports as dashboards, and a connection's capacity as the admin sets and reads it. */

const standIns = await startEmbedStandIns();
afterAll(() => standIns.stop());
const { t, as, admin, client } = useAdminTestApp({
  env: { ...standInEnv(standIns), AZURE_MANAGEMENT_URL: standIns.azureManagementUrl },
});
beforeEach(() => standIns.reset());

const { powerbi } = standIns.credentials;
const SECOND_WORKSPACE = '0b3f7f2c-2a6e-4c3a-9a7b-6d1e2f3a4b5c';
const DENIED_WORKSPACE = 'c0ffee00-1111-4222-8333-944455556666';
const SECOND_REPORT = '2a4b6c8d-0e1f-4a2b-8c3d-4e5f6a7b8c9d';
const DOOMED_REPORT = '7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a0b';
standIns.addWorkspace({ id: SECOND_WORKSPACE, name: 'Finance' });
standIns.addWorkspace({ id: DENIED_WORKSPACE, name: 'Board', denied: true });
standIns.addReport({ reportId: SECOND_REPORT, workspaceId: SECOND_WORKSPACE, name: 'Cash flow' });
standIns.addReport({ reportId: DOOMED_REPORT, workspaceId: SECOND_WORKSPACE, name: 'Old budget' });

const path = (id: number, rest: string) => `/api/admin/embed-connections/${id}/${rest}`;

describe('import from a workspace (issue 29)', () => {
  it('lists workspaces and reports; import makes token-mode dashboards with the ids; imported ones marked', async () => {
    const connectionId = await addConnection(t, standIns, 'powerbi');
    const listed = await as(admin).send('GET', path(connectionId, 'powerbi-reports'));
    expect(listed.status).toBe(200);
    const { workspaces } = await listed.json();
    expect(workspaces).toEqual([
      {
        id: powerbi.workspaceId,
        name: 'Client reports',
        error: null,
        reports: [{ id: powerbi.reportId, name: 'Sales overview', dashboardId: null }],
      },
      {
        id: SECOND_WORKSPACE,
        name: 'Finance',
        error: null,
        reports: [
          { id: SECOND_REPORT, name: 'Cash flow', dashboardId: null },
          { id: DOOMED_REPORT, name: 'Old budget', dashboardId: null },
        ],
      },
      {
        id: DENIED_WORKSPACE,
        name: 'Board',
        error:
          "The service principal may not read this workspace's reports (HTTP 403 (PowerBINotAuthorizedException)): add it to the workspace as a Member or Admin",
        reports: [],
      },
    ]);
    expect(standIns.requestsTo('powerbi-reports')).toHaveLength(3);

    // Deleted in Power BI between the listing and the import: said, the others still made.
    standIns.removeReport(DOOMED_REPORT);
    const imported = await as(admin).send('POST', path(connectionId, 'import'), {
      items: [
        { workspaceId: powerbi.workspaceId, reportId: powerbi.reportId, name: 'Sales', description: 'Monthly sales' },
        { workspaceId: SECOND_WORKSPACE, reportId: SECOND_REPORT, name: 'Cash flow', category: 'Finance' },
        { workspaceId: SECOND_WORKSPACE, reportId: DOOMED_REPORT, name: 'Old budget' },
      ],
    });
    expect(imported.status).toBe(200);
    const result = await imported.json();
    expect(result.created.map((c: { name: string }) => c.name)).toEqual(['Sales', 'Cash flow']);
    expect(result.failed).toEqual([
      {
        reportId: DOOMED_REPORT,
        name: 'Old budget',
        message: expect.stringMatching(/^Power BI has no report 7e8f9a0b-.* \(HTTP 404 \(PowerBIEntityNotFound\)\)$/),
      },
    ]);
    const [sales] = await t.db.select().from(schema.dashboards).where(eq(schema.dashboards.id, result.created[0].id));
    expect(sales).toMatchObject({
      name: 'Sales',
      description: 'Monthly sales',
      embedMode: 'powerbi',
      type: 'PowerBI',
      connectionId,
      embedTarget: { workspaceId: powerbi.workspaceId, reportId: powerbi.reportId },
    });

    const again = await (await as(admin).send('GET', path(connectionId, 'powerbi-reports'))).json();
    expect(again.workspaces[0].reports[0].dashboardId).toBe(result.created[0].id);
  });

  it('parallel imports of one report make one dashboard; hostile input is a 422, never a 500', async () => {
    const connectionId = await addConnection(t, standIns, 'powerbi');
    const body = { items: [{ workspaceId: SECOND_WORKSPACE, reportId: SECOND_REPORT, name: 'Twice' }] };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => as(admin).send('POST', path(connectionId, 'import'), body)),
    );
    const results = await Promise.all(answers.map((a) => a.json()));
    expect(results.flatMap((r) => r.created)).toHaveLength(1);
    expect(results.flatMap((r) => r.failed).map((f) => f.message)).toEqual(
      Array(4).fill('This report is already imported'),
    );
    for (const hostile of [
      { items: [] },
      { items: [{ workspaceId: 'x\u0000', reportId: SECOND_REPORT, name: 'a' }] },
      { items: [{ workspaceId: SECOND_WORKSPACE, reportId: SECOND_REPORT, name: '\ud800'.repeat(300) }] },
      { items: Array(101).fill(body.items[0]) },
      { items: [{ workspaceId: SECOND_WORKSPACE, reportId: SECOND_REPORT, name: 'a', category: 'Nope' }] },
    ]) {
      const answer = await as(admin).send('POST', path(connectionId, 'import'), hostile);
      expect(answer.status).toBe(422);
    }
    const tableau = await addConnection(t, standIns, 'tableau');
    expect((await as(admin).send('GET', path(tableau, 'powerbi-reports'))).status).toBe(422);
    expect((await as(client).send('GET', path(connectionId, 'powerbi-reports'))).status).toBe(403);
  });

  it('Power BI refusing the workspace list: a 502 with its words', async () => {
    const connectionId = await addConnection(t, standIns, 'powerbi');
    standIns.fail('powerbi-groups', { status: 403 });
    const answer = await as(admin).send('GET', path(connectionId, 'powerbi-reports'));
    expect(answer.status).toBe(502);
    expect((await answer.json()).message).toBe('Power BI refused to list the workspaces: HTTP 403 (StandInFailure)');
  });
});

describe("a connection's capacity (issue 29)", () => {
  const settings = {
    subscriptionId: '613192d7-503f-477a-9cfe-4efc3ee2bd60',
    resourceGroup: 'analytics-rg',
    capacityName: 'lucidcap',
    kind: 'Microsoft.Fabric',
    timeZone: 'Europe/Paris',
    activeFrom: '08:00',
    activeTo: '18:00',
    activeDays: [5, 1, 2, 3, 4, 1],
    idleMinutes: 20,
    hourlyPrice: 1.5,
  };

  it('saves, reads hours paused this month and the money saved, removes', async () => {
    const connectionId = await addConnection(t, standIns, 'powerbi');
    expect(await (await as(admin).send('GET', path(connectionId, 'capacity'))).json()).toEqual({ capacity: null });
    const saved = await as(admin).send('PUT', path(connectionId, 'capacity'), settings);
    expect(saved.status).toBe(200);
    expect((await saved.json()).capacity).toMatchObject({
      activeDays: [1, 2, 3, 4, 5],
      pausedHoursThisMonth: 0,
      savedThisMonth: 0,
    });
    const now = Date.now();
    await t.db.insert(schema.capacityPauses).values([
      { connectionId, pausedAt: new Date(now - 3 * 3600_000), resumedAt: new Date(now - 1 * 3600_000) },
      // Before this month: never counted.
      { connectionId, pausedAt: new Date(now - 70 * 24 * 3600_000), resumedAt: new Date(now - 69 * 24 * 3600_000) },
    ]);
    const read = (await (await as(admin).send('GET', path(connectionId, 'capacity'))).json()).capacity;
    // The month may have begun less than 3 hours ago: then only its share counts.
    const monthStart = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), 1);
    const expected = Math.max(0, Math.min(2, (now - 3600_000 - monthStart) / 3600_000));
    expect(read.pausedHoursThisMonth).toBeCloseTo(expected, 1);
    expect(read.savedThisMonth).toBeCloseTo(expected * 1.5, 1);
    expect((await as(admin).send('DELETE', path(connectionId, 'capacity'))).status).toBe(204);
    expect((await as(admin).send('DELETE', path(connectionId, 'capacity'))).status).toBe(404);
  });

  it('refuses bad settings with a clear 422', async () => {
    const connectionId = await addConnection(t, standIns, 'powerbi');
    for (const [field, value] of [
      ['subscriptionId', 'nope'],
      ['capacityName', 'Has Capitals'],
      ['kind', 'Microsoft.Compute'],
      ['timeZone', 'Mars/Olympus'],
      ['activeFrom', '25:00'],
      ['idleMinutes', 1e308],
      ['hourlyPrice', -1],
      ['resourceGroup', 'rg\u0000'],
    ] as const) {
      const answer = await as(admin).send('PUT', path(connectionId, 'capacity'), { ...settings, [field]: value });
      expect(answer.status, field).toBe(422);
    }
    expect((await as(admin).send('PUT', path(999_999, 'capacity'), settings)).status).toBe(404);
  });
});
