import { AdminMessages } from '@app/contracts';
import * as schema from '@app/db/schema';
import { addMembership, createDashboard, createOrganization, linkDashboard } from '@app/db/testing';
import { readStandInEmbedToken } from '@app/testing/embed-stand-ins';
import { eq } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, useAdminTestApp } from '../../../testing/admin';
import { addConnection, standInEnv, tokenDashboard, useEmbedStandIns } from '../../../testing/embed';

const standIns = await useEmbedStandIns();
const { t, as, admin, signIn } = useAdminTestApp({ env: standInEnv(standIns) });

const A_SCOPE = { roles: ['Customer'], username: 'acme-user', customData: 'org-a' };
const B_SCOPE = { roles: ['Customer'], username: 'beta-user', customData: 'org-b' };

const tokenOf = (who: SignedIn | null, id: number, body: unknown = {}) =>
  as(who).send('POST', `/api/dashboards/${id}/embed-token`, body);

/** Two organizations (A "Acme ...", B "Beta ...") linked to one Power BI dashboard, each with its scope. */
let pbi: {
  connectionId: number;
  dashboardId: number;
  a: { id: number; name: string };
  b: { id: number; name: string };
};
let memberA: SignedIn;
let memberB: SignedIn;
let memberAB: SignedIn;

beforeAll(async () => {
  const connectionId = await addConnection(t, standIns, 'powerbi');
  const dashboard = await tokenDashboard(t, standIns, 'powerbi', connectionId, 'Sales (Power BI)');
  const a = await createOrganization(t.db, { name: 'Acme A' });
  const b = await createOrganization(t.db, { name: 'Beta B' });
  await linkDashboard(t.db, a.id, dashboard.id, A_SCOPE);
  await linkDashboard(t.db, b.id, dashboard.id, B_SCOPE);
  pbi = { connectionId, dashboardId: dashboard.id, a, b };
  memberA = await signIn();
  memberB = await signIn();
  memberAB = await signIn();
  await addMembership(t.db, a.id, memberA.id);
  await addMembership(t.db, b.id, memberB.id);
  await addMembership(t.db, a.id, memberAB.id);
  await addMembership(t.db, b.id, memberAB.id);
});

const choiceOf = (org: { id: number; name: string }) => ({ id: org.id, name: org.name });
const auditRows = (dashboardId: number) =>
  t.db
    .select()
    .from(schema.auditLog)
    .where(eq(schema.auditLog.targetId, String(dashboardId)));

describe('POST /api/dashboards/{id}/embed-token: each mode (issue 14)', () => {
  it("url mode answers the URL: the member's organization, nobody's for anonymous visitors of a public one", async () => {
    const org = await createOrganization(t.db, { name: 'Url Org' });
    const dashboard = await createDashboard(t.db, { embedUrl: 'https://lookerstudio.google.com/embed/x' });
    await linkDashboard(t.db, org.id, dashboard.id);
    const member = await signIn();
    await addMembership(t.db, org.id, member.id);
    const response = await tokenOf(member, dashboard.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      mode: 'url',
      url: 'https://lookerstudio.google.com/embed/x',
      organization: choiceOf(org),
      organizations: [choiceOf(org)],
      identity: null,
    });
    const sample = await createDashboard(t.db, { isPublic: true, embedUrl: 'https://lookerstudio.google.com/s' });
    expect(await (await tokenOf(null, sample.id)).json()).toEqual({
      mode: 'url',
      url: 'https://lookerstudio.google.com/s',
      organization: null,
      organizations: [],
      identity: null,
    });
    // Not readable: 404, as GET /api/dashboards/{id} answers.
    expect((await tokenOf(null, dashboard.id)).status).toBe(404);
    expect((await tokenOf(memberB, dashboard.id)).status).toBe(404);
    expect((await tokenOf(memberA, 999_999)).status).toBe(404);
  });

  it("powerbi: GenerateToken carries organization A's roles, username and custom data for a member of A", async () => {
    const response = await tokenOf(memberA, pbi.dashboardId);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      mode: 'powerbi',
      reportId: standIns.credentials.powerbi.reportId,
      embedUrl: expect.stringContaining(standIns.embedPageUrl),
      tokenType: 'Embed',
      organization: choiceOf(pbi.a),
      organizations: [choiceOf(pbi.a)],
      identity: null,
    });
    expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now());
    const [generate] = standIns.requestsTo('powerbi-generate-token');
    expect(generate?.body).toMatchObject({
      reports: [{ id: standIns.credentials.powerbi.reportId }],
      identities: [{ username: 'acme-user', roles: ['Customer'], customData: 'org-a' }],
    });
    expect(readStandInEmbedToken(body.accessToken)?.identities).toEqual([
      expect.objectContaining({ username: 'acme-user', roles: ['Customer'], customData: 'org-a' }),
    ]);
  });

  it("tableau: a connected-app JWT for the person's e-mail with the organization's attributes", async () => {
    const connectionId = await addConnection(t, standIns, 'tableau');
    const dashboard = await tokenDashboard(t, standIns, 'tableau', connectionId);
    await linkDashboard(t.db, pbi.a.id, dashboard.id, { attributes: { Region: 'West', Teams: ['x', 'y'] } });
    const response = await tokenOf(memberA, dashboard.id);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ mode: 'tableau', src: standIns.credentials.tableau.viewUrl, identity: null });
    const { secretValue, secretId, clientId } = standIns.credentials.tableau;
    const { payload, protectedHeader } = await jwtVerify(body.token, new TextEncoder().encode(secretValue), {
      audience: 'tableau',
      issuer: clientId,
    });
    expect(protectedHeader.kid).toBe(secretId);
    expect(payload).toMatchObject({ sub: memberA.email, Region: 'West', Teams: ['x', 'y'] });
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(600);
  });

  it("metabase: a signed embedding URL locking the organization's parameters", async () => {
    const connectionId = await addConnection(t, standIns, 'metabase');
    const dashboard = await tokenDashboard(t, standIns, 'metabase', connectionId);
    await linkDashboard(t.db, pbi.a.id, dashboard.id, { params: { org: 'acme', year: 2026 } });
    const response = await tokenOf(memberA, dashboard.id);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.mode).toBe('metabase');
    expect(body.iframeUrl.startsWith(`${standIns.metabaseSiteUrl}/embed/dashboard/`)).toBe(true);
    const token = new URL(body.iframeUrl).pathname.split('/').pop()!;
    const { payload } = await jwtVerify(token, new TextEncoder().encode(standIns.credentials.metabase.secretKey));
    expect(payload).toMatchObject({ resource: { dashboard: 1 }, params: { org: 'acme', year: 2026 } });
    // The stand-in Metabase opens it.
    expect((await fetch(body.iframeUrl)).status).toBe(200);
  });
});

describe('isolation between organizations', () => {
  it("a member of A never receives B's identity, even asking for B (404, nothing minted)", async () => {
    for (const organizationId of [pbi.b.id, String(pbi.b.id), 999_999]) {
      const response = await tokenOf(memberA, pbi.dashboardId, { organizationId });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Dashboard not found', issues: [] });
    }
    expect(standIns.requestsTo('powerbi-generate-token')).toHaveLength(0);
    const own = await (await tokenOf(memberB, pbi.dashboardId)).json();
    expect(readStandInEmbedToken(own.accessToken)?.identities[0]).toMatchObject({ customData: 'org-b' });
    expect(own.organizations).toEqual([choiceOf(pbi.b)]);
  });

  it('a member of both gets the first by name, and chooses the other with organizationId', async () => {
    const first = await (await tokenOf(memberAB, pbi.dashboardId)).json();
    expect(first.organization).toEqual(choiceOf(pbi.a));
    expect(first.organizations).toEqual([choiceOf(pbi.a), choiceOf(pbi.b)]);
    expect(readStandInEmbedToken(first.accessToken)?.identities[0]?.username).toBe('acme-user');
    const chosen = await (await tokenOf(memberAB, pbi.dashboardId, { organizationId: pbi.b.id })).json();
    expect(chosen.organization).toEqual(choiceOf(pbi.b));
    expect(readStandInEmbedToken(chosen.accessToken)?.identities[0]).toMatchObject({
      username: 'beta-user',
      customData: 'org-b',
    });
  });

  /** A fresh member of a fresh organization linked to the Power BI dashboard, who gets a token now. */
  async function freshViewer() {
    const org = await createOrganization(t.db, { name: `Fresh ${crypto.randomUUID()}` });
    await linkDashboard(t.db, org.id, pbi.dashboardId, A_SCOPE);
    const member = await signIn();
    await addMembership(t.db, org.id, member.id);
    expect((await tokenOf(member, pbi.dashboardId)).status).toBe(200);
    return { org, member };
  }

  it('removing the link makes the next call fail', async () => {
    const { org, member } = await freshViewer();
    const path = `/api/admin/organization-dashboards/${org.id}/${pbi.dashboardId}`;
    expect((await as(admin).send('DELETE', path)).status).toBe(204);
    expect((await tokenOf(member, pbi.dashboardId)).status).toBe(404);
  });

  it('removing the person from the organization, or deactivating them, makes the next call fail', async () => {
    const first = await freshViewer();
    const path = `/api/admin/organization-users/${first.org.id}/${first.member.id}`;
    expect((await as(admin).send('DELETE', path)).status).toBe(204);
    expect((await tokenOf(first.member, pbi.dashboardId)).status).toBe(404);
    const second = await freshViewer();
    const toggle = `/api/admin/users/${second.member.id}/toggle-status`;
    expect((await as(admin).send('POST', toggle, { isActive: false })).status).toBeLessThan(300);
    expect((await tokenOf(second.member, pbi.dashboardId)).status).toBe(404);
  });

  it('deactivating or deleting the organization makes the next call fail', async () => {
    const first = await freshViewer();
    const toggle = `/api/admin/organizations/${first.org.id}/toggle-status`;
    expect((await as(admin).send('POST', toggle, { isActive: false })).status).toBeLessThan(300);
    expect((await tokenOf(first.member, pbi.dashboardId)).status).toBe(404);
    const second = await freshViewer();
    await t.db.delete(schema.organizations).where(eq(schema.organizations.id, second.org.id));
    expect((await tokenOf(second.member, pbi.dashboardId)).status).toBe(404);
  });

  it('an organization without a data scope is refused (403), never shown unfiltered', async () => {
    const org = await createOrganization(t.db, { name: 'No Scope Org' });
    await linkDashboard(t.db, org.id, pbi.dashboardId, null);
    const member = await signIn();
    await addMembership(t.db, org.id, member.id);
    const response = await tokenOf(member, pbi.dashboardId);
    expect(response.status).toBe(403);
    expect((await response.json()).message).toBe(AdminMessages.noScope);
    // A scope of another provider (the dashboard changed provider since) is no scope either.
    await t.db
      .update(schema.organizationDashboards)
      .set({ dataScope: { attributes: { Region: 'West' } } })
      .where(eq(schema.organizationDashboards.organizationId, org.id));
    expect((await tokenOf(member, pbi.dashboardId)).status).toBe(403);
    expect(standIns.requestsTo('powerbi-generate-token')).toHaveLength(0);
  });
});

describe('preview as an organization (admins)', () => {
  it('an admin chooses any linked organization, reads the identity, and the mint is audited as a preview', async () => {
    const response = await tokenOf(admin, pbi.dashboardId, { organizationId: pbi.b.id });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.organization).toEqual(choiceOf(pbi.b));
    // Every active organization linked to it (other tests of this file link more), by name.
    expect(body.organizations.slice(0, 2)).toEqual([choiceOf(pbi.a), choiceOf(pbi.b)]);
    expect(body.identity).toEqual({ username: 'beta-user', roles: ['Customer'], customData: 'org-b' });
    const rows = await auditRows(pbi.dashboardId);
    const preview = rows.find((row) => row.action === 'dashboard.preview');
    expect(preview).toMatchObject({ actorId: admin.id, targetType: 'dashboard' });
    expect(preview?.changes).toMatchObject({
      organizationId: pbi.b.id,
      organizationName: pbi.b.name,
      provider: 'powerbi',
      identity: body.identity,
    });
    // Without a choice: the first linked organization by name.
    const first = await (await tokenOf(admin, pbi.dashboardId)).json();
    expect(first.organization).toEqual(choiceOf(pbi.a));
  });

  it('an admin is told when the dashboard is linked to no organization; a client cannot preview', async () => {
    const connectionId = await addConnection(t, standIns, 'metabase');
    const lonely = await tokenDashboard(t, standIns, 'metabase', connectionId);
    const response = await tokenOf(admin, lonely.id);
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe('This dashboard is not linked to any organization');
    const other = await createOrganization(t.db, { name: 'Other' });
    await linkDashboard(t.db, other.id, lonely.id, { params: {} });
    expect((await tokenOf(memberA, lonely.id)).status).toBe(404);
    expect((await tokenOf(memberA, lonely.id, { organizationId: other.id })).status).toBe(404);
  });
});

describe('every mint is audited, never with its token', () => {
  it("records who, which dashboard, which organization and which identity; the client's answer has no identity", async () => {
    const before = (await auditRows(pbi.dashboardId)).length;
    const body = await (await tokenOf(memberB, pbi.dashboardId)).json();
    expect(body.identity).toBeNull();
    const rows = await auditRows(pbi.dashboardId);
    expect(rows).toHaveLength(before + 1);
    const row = rows.find((r) => r.actorId === memberB.id && r.action === 'dashboard.embed-token');
    expect(row).toMatchObject({ actorEmail: memberB.email, targetType: 'dashboard' });
    expect(row?.changes).toMatchObject({
      organizationId: pbi.b.id,
      provider: 'powerbi',
      identity: { username: 'beta-user', roles: ['Customer'], customData: 'org-b' },
    });
    const everything = JSON.stringify(await t.db.select().from(schema.auditLog));
    expect(everything).not.toContain(body.accessToken);
    expect(everything).not.toContain(standIns.credentials.powerbi.clientSecret);
  });
});

describe('under load and attack', () => {
  it('20 parallel mints all succeed with one Entra token', async () => {
    const connectionId = await addConnection(t, standIns, 'powerbi');
    const dashboard = await tokenDashboard(t, standIns, 'powerbi', connectionId);
    await linkDashboard(t.db, pbi.a.id, dashboard.id, A_SCOPE);
    const answers = await Promise.all(Array.from({ length: 20 }, () => tokenOf(memberA, dashboard.id)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(standIns.requestsTo('entra-token')).toHaveLength(1);
    expect(standIns.requestsTo('powerbi-generate-token')).toHaveLength(20);
    const audited = (await auditRows(dashboard.id)).filter((r) => r.action === 'dashboard.embed-token');
    expect(audited).toHaveLength(20);
  });

  it('a person gets at most 60 tokens a minute (429 after), others are not held back', async () => {
    const connectionId = await addConnection(t, standIns, 'metabase');
    const dashboard = await tokenDashboard(t, standIns, 'metabase', connectionId);
    const org = await createOrganization(t.db, { name: 'Busy Org' });
    await linkDashboard(t.db, org.id, dashboard.id, { params: { org: 'busy' } });
    const [busy, calm] = [await signIn(), await signIn()];
    await addMembership(t.db, org.id, busy.id);
    await addMembership(t.db, org.id, calm.id);
    const answers = await Promise.all(Array.from({ length: 61 }, () => tokenOf(busy, dashboard.id)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect((await tokenOf(calm, dashboard.id)).status).toBe(200);
  });

  it.each([
    [{ organizationId: 99_999_999_999 }],
    [{ organizationId: '1%00' }],
    [{ organizationId: '1\u0000' }],
    [{ organizationId: { $gt: 0 } }],
    [{ organizationId: [1] }],
    [{ organizationId: -1 }],
    [{ organizationId: 1.5 }],
    [{ organizationId: 'abc' }],
    [{ organizationId: '9'.repeat(50) }],
    ['"just text"'],
    ['{"organizationId":'],
  ])('refuses a hostile body with a 4xx and a message (%#)', async (body) => {
    const response = await tokenOf(memberA, pbi.dashboardId, body);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect((await response.json()).message).toEqual(expect.any(String));
  });

  it("takes no body at all (the person's first organization), and is documented with every answer", async () => {
    const response = await as(memberA).send('POST', `/api/dashboards/${pbi.dashboardId}/embed-token`);
    expect(response.status).toBe(200);
    expect((await response.json()).organization).toEqual(choiceOf(pbi.a));
    const spec = await (await t.get('/api/docs/json')).json();
    const responses = spec.paths['/api/dashboards/{id}/embed-token']?.post?.responses ?? {};
    expect(Object.keys(responses).sort()).toEqual([
      '200',
      '202',
      '400',
      '403',
      '404',
      '413',
      '415',
      '422',
      '429',
      '502',
      '503',
      '504',
    ]);
  });

  it('an id in the path that cannot exist is not found', async () => {
    for (const id of ['x', '1%00', '99999999999', '-1'])
      expect((await as(memberA).send('POST', `/api/dashboards/${id}/embed-token`, {})).status).toBe(404);
  });
});
