import { createDashboard } from '@app/db/testing';
import { silentLogger } from '@app/platform/logger';
import { startEmbedStandIns } from '@app/testing/embed-stand-ins';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../../backend/testing/admin';
import { addConnection, standInEnv, tokenDashboard } from '../../../../backend/testing/embed';
import { runReportCheck } from './powerbi.processor';

/** Issue 29: the nightly check finds dashboards whose Power BI report or workspace is gone, and the list flags them. */

const standIns = await startEmbedStandIns();
afterAll(() => standIns.stop());
const { t, as, admin } = useAdminTestApp({ env: standInEnv(standIns) });
beforeEach(() => standIns.reset());

const deps = () => ({
  db: t.db,
  secretBox: t.deps.secretBox,
  arm: {
    POWERBI_AUTHORITY_URL: standIns.powerbi.authorityUrl,
    AZURE_MANAGEMENT_URL: 'http://127.0.0.1:9',
    OUTBOUND_ALLOW_HOSTS: [new URL(standIns.url).host],
    timeoutMs: 2000,
  },
  powerBiApiUrl: standIns.powerbi.apiUrl,
  logger: silentLogger,
});

const listed = async (id: number, name: string) => {
  const all = await (await as(admin).send('GET', `/api/admin/dashboards-direct?q=${encodeURIComponent(name)}`)).json();
  return (Array.isArray(all) ? all : (all.items ?? all.rows)).find((d: { id: number }) => d.id === id);
};

describe('the nightly Power BI check (issue 29)', () => {
  it('flags a dashboard whose report was deleted, and clears the flag once it is well again', async () => {
    const reportId = crypto.randomUUID();
    const added = standIns.addReport({ reportId, name: 'Doomed' });
    const connectionId = await addConnection(t, standIns, 'powerbi');
    const well = await tokenDashboard(t, standIns, 'powerbi', connectionId, 'Well');
    const doomed = await createDashboard(t.db, {
      name: 'Doomed',
      embedMode: 'powerbi',
      embedUrl: '',
      connectionId,
      embedTarget: { workspaceId: added.workspaceId, reportId },
    });
    standIns.removeReport(reportId);
    const result = await runReportCheck(deps());
    expect(result.flagged).toBeGreaterThanOrEqual(1);
    expect((await listed(doomed.id, 'Doomed')).targetProblem).toMatch(
      new RegExp(`^Power BI has no report ${reportId} in workspace ${added.workspaceId} any more`),
    );
    expect((await listed(well.id, 'Well')).targetProblem).toBeUndefined();
    standIns.addReport(added);
    await runReportCheck(deps());
    expect((await listed(doomed.id, 'Doomed')).targetProblem).toBeUndefined();
  });

  it('Power BI down flags nothing (only what Power BI said is a finding)', async () => {
    const connectionId = await addConnection(t, standIns, 'powerbi');
    const dashboard = await tokenDashboard(t, standIns, 'powerbi', connectionId, 'Down');
    standIns.fail('powerbi-report', { status: 503 });
    await runReportCheck(deps());
    expect((await listed(dashboard.id, 'Down')).targetProblem).toBeUndefined();
  });
});
