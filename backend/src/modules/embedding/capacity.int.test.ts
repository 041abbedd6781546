import * as schema from '@app/db/schema';
import { addMembership, createOrganization, linkDashboard } from '@app/db/testing';
import { activeCapacityForExport, capacityRound, releaseCapacity } from '@app/platform/powerbi/capacity';
import { findCapacityRow } from '@app/platform/powerbi/capacity.repository';
import { startEmbedStandIns } from '@app/testing/embed-stand-ins';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { type SignedIn, useAdminTestApp } from '../../../testing/admin';
import { addCapacityConnection, standInEnv, tokenDashboard } from '../../../testing/embed';

/** Issue 29: a Power BI capacity that pauses itself, and the viewers who arrive while it is paused. */

const standIns = await startEmbedStandIns();
afterAll(() => standIns.stop());
const env = { ...standInEnv(standIns), AZURE_MANAGEMENT_URL: standIns.azureManagementUrl };
const { t, as, signIn } = useAdminTestApp({ env });
beforeEach(() => standIns.reset());

const SCOPE = { roles: [] };

/** A connection on its own capacity (Paused unless said), a dashboard on it, and a member who may see it. */
async function setUp(capacity: Partial<Parameters<typeof standIns.addCapacity>[0]> = {}) {
  const name = `cap${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const { azure, connectionId } = await addCapacityConnection(
    t,
    standIns,
    { name, ...capacity },
    { timeZone: 'Europe/Paris', idleMinutes: 15 },
  );
  const dashboard = await tokenDashboard(t, standIns, 'powerbi', connectionId, `Sales ${name}`);
  const org = await createOrganization(t.db, { name: `Org ${name}` });
  await linkDashboard(t.db, org.id, dashboard.id, SCOPE);
  const member = await signIn();
  await addMembership(t.db, org.id, member.id);
  return { azure, connectionId, dashboardId: dashboard.id, member };
}

const tokenOf = (who: SignedIn, id: number) => as(who).send('POST', `/api/dashboards/${id}/embed-token`, {});

/** Asks as a viewer does: again after retryAfterSeconds (shortened for the test) until the token comes. */
async function viewerGetsReport(who: SignedIn, id: number) {
  for (let attempt = 0; attempt < 60; attempt++) {
    const response = await tokenOf(who, id);
    if (response.status === 200) return response.json();
    expect(response.status).toBe(202);
    const body = await response.json();
    expect(body).toMatchObject({ status: 'starting', message: 'Starting your dashboard…' });
    expect(response.headers.get('retry-after')).toBe(String(body.retryAfterSeconds));
    await Bun.sleep(100);
  }
  throw new Error('the capacity never started');
}

describe('a viewer on a paused capacity (issue 29)', () => {
  it('answers 202 starting and resumes it; the report comes once it is active', async () => {
    const { azure, dashboardId, member } = await setUp();
    const first = await tokenOf(member, dashboardId);
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({
      status: 'starting',
      retryAfterSeconds: 3,
      message: 'Starting your dashboard…',
    });
    expect(azure.resumes).toBe(1);
    const token = await viewerGetsReport(member, dashboardId);
    expect(token).toMatchObject({ mode: 'powerbi', tokenType: 'Embed' });
    expect(azure.state).toBe('Succeeded');
    expect(standIns.requestsTo('arm-resume')).toHaveLength(1);
  });

  it('20 viewers arriving at once: one resume, and every one of them gets the report', async () => {
    const { azure, dashboardId, connectionId } = await setUp({ kind: 'Microsoft.Fabric' });
    const viewers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const viewer = await signIn();
        const [link] = await t.db
          .select()
          .from(schema.organizationDashboards)
          .where(eq(schema.organizationDashboards.dashboardId, dashboardId));
        await addMembership(t.db, link!.organizationId, viewer.id);
        return viewer;
      }),
    );
    const tokens = await Promise.all(viewers.map((viewer) => viewerGetsReport(viewer, dashboardId)));
    expect(tokens.every((token) => token.mode === 'powerbi')).toBe(true);
    expect(azure.resumes).toBe(1);
    expect(azure.state).toBe('Active');
    const row = await findCapacityRow(t.db, connectionId);
    expect(row?.lastViewerAt).not.toBeNull();
  });

  it('an active capacity costs no resume: the token comes at once', async () => {
    const { azure, dashboardId, member } = await setUp({ state: 'Succeeded' });
    expect((await tokenOf(member, dashboardId)).status).toBe(200);
    expect(azure.resumes).toBe(0);
  });

  it('a capacity that refuses to resume, or is deleted: a clear 502, never an endless wait', async () => {
    const refusing = await setUp({ refuseResume: true });
    const refused = await tokenOf(refusing.member, refusing.dashboardId);
    expect(refused.status).toBe(502);
    expect((await refused.json()).message).toBe(
      'The dashboard could not be loaded from Power BI right now. Please try again.',
    );
    const gone = await setUp();
    standIns.fail('arm-capacity', { status: 404 });
    const missing = await tokenOf(gone.member, gone.dashboardId);
    expect(missing.status).toBe(502);
    const row = await findCapacityRow(t.db, gone.connectionId);
    expect(row?.lastError).toMatch(/^Azure has no capacity cap\w+ in resource group analytics-rg/);
  });

  it('Azure throttling (429 Retry-After): the viewer is told to ask again then', async () => {
    const { dashboardId, member, azure } = await setUp();
    standIns.fail('arm-resume', { status: 429, headers: { 'retry-after': '7' }, times: 1 });
    const response = await tokenOf(member, dashboardId);
    expect(response.status).toBe(202);
    expect((await response.json()).retryAfterSeconds).toBe(7);
    expect(azure.resumes).toBe(0);
  });
});

describe('the workers round: pause when idle, never under a viewer or an export (issue 29)', () => {
  const deps = () => ({
    db: t.db,
    secretBox: t.deps.secretBox,
    arm: {
      POWERBI_AUTHORITY_URL: standIns.powerbi.authorityUrl,
      AZURE_MANAGEMENT_URL: standIns.azureManagementUrl,
      OUTBOUND_ALLOW_HOSTS: [new URL(standIns.url).host],
      timeoutMs: 2000,
    },
  });

  it('pauses an idle active capacity, keeps one a viewer renewed within the window or an export holds', async () => {
    const { azure, connectionId } = await setUp({ state: 'Succeeded' });
    const where = eq(schema.powerbiCapacities.connectionId, connectionId);
    await t.db
      .update(schema.powerbiCapacities)
      .set({ lastViewerAt: new Date(Date.now() - 5 * 60_000) })
      .where(where);
    expect(await capacityRound(deps(), connectionId)).toBe('kept');
    await t.db
      .update(schema.powerbiCapacities)
      .set({ lastViewerAt: new Date(Date.now() - 20 * 60_000), heldUntil: new Date(Date.now() + 60_000) })
      .where(where);
    expect(await capacityRound(deps(), connectionId)).toBe('kept');
    expect(azure.suspends).toBe(0);
    await t.db.update(schema.powerbiCapacities).set({ heldUntil: null }).where(where);
    // Two workers at once: one pauses, the other finds the lock taken.
    const outcomes = await Promise.all([capacityRound(deps(), connectionId), capacityRound(deps(), connectionId)]);
    expect(outcomes.sort()).toEqual(['busy', 'paused']);
    expect(azure.suspends).toBe(1);
    const pauses = await t.db
      .select()
      .from(schema.capacityPauses)
      .where(eq(schema.capacityPauses.connectionId, connectionId));
    expect(pauses).toHaveLength(1);
    expect(pauses[0]?.resumedAt).toBeNull();
  });

  it('an export resumes the capacity, waits until it is active, and holds it against the idle pause', async () => {
    const { azure, connectionId } = await setUp();
    await activeCapacityForExport(deps(), connectionId, { sleep: (ms) => Bun.sleep(ms / 20) });
    expect(azure.resumes).toBe(1);
    expect(azure.state).toBe('Succeeded');
    const where = eq(schema.powerbiCapacities.connectionId, connectionId);
    await t.db.update(schema.powerbiCapacities).set({ resumeRequestedAt: null }).where(where);
    expect(await capacityRound(deps(), connectionId)).toBe('kept');
    await releaseCapacity(deps(), connectionId);
    expect(await capacityRound(deps(), connectionId)).toBe('paused');
  });
});
