// Long file: every scenario of issue 28's "Tests that prove it", against the Google stand-in with the real workers.
import { addMembership, createOrganization, createUser } from '@app/db/testing';
import { startLookerStudioStandIn } from '@app/testing/lookerstudio-stand-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailingWorkers } from '../../../../workers/testing';
import { useAdminTestApp } from '../../../testing/admin';
import { lookerEnv, lookerWorkerEnv } from '../../../testing/looker';

/**
 * Looker Studio sharing follows the organizations (issue 28, D36): the API writes a sharing event with each change,
 * the workers bring the report's VIEWERs in step through the Looker Studio API (here Google's stand-in, which checks
 * the assertion's signature and claims and the permissions' etag).
 */

const google = await startLookerStudioStandIn();
afterAll(() => google.stop());
const { t, as, admin, signIn } = useAdminTestApp({ env: lookerEnv(google) });
let workers: Awaited<ReturnType<typeof startMailingWorkers>>;
beforeAll(async () => {
  workers = await startMailingWorkers(t, { env: lookerWorkerEnv(google) });
});
afterAll(() => workers?.close());

const PATH = '/api/admin/embed-connections';
const POLL = { timeout: 15_000, interval: 100 };
let connectionId: number;
let reportCount = 0;

const connectionBody = (over: Record<string, unknown> = {}) => ({
  name: `Looker ${crypto.randomUUID()}`,
  provider: 'lookerstudio',
  serviceAccountKey: google.serviceAccountKey,
  delegatedUser: google.delegatedUser,
  ...over,
});

beforeAll(async () => {
  const response = await as(admin).send('POST', PATH, connectionBody({ name: 'Looker Studio' }));
  expect(response.status).toBe(201);
  connectionId = (await response.json()).id;
});

/** Saves a Looker Studio dashboard through the API: its report named by its address or by its asset name. */
const saveLookerDashboard = (name: string, connection: number, report: { embedUrl: string } | { assetName: string }) =>
  as(admin).send('POST', '/api/admin/dashboards', {
    name,
    category: 'Sales',
    type: 'Looker',
    embedMode: 'lookerstudio',
    connectionId: connection,
    ...report,
  });

/** A report shared with anyone who has the link, and a dashboard showing it. */
async function lookerDashboard(linkShared = true) {
  const assetName = `report-${++reportCount}-${crypto.randomUUID().slice(0, 8)}`;
  google.addReport({ name: assetName, title: `Sales ${reportCount}`, linkShared });
  const response = await saveLookerDashboard(`Looker ${assetName}`, connectionId, {
    embedUrl: `https://lookerstudio.google.com/reporting/${assetName}/page/p_1`,
  });
  expect(response.status).toBe(201);
  const dashboard = await response.json();
  return { id: dashboard.id as number, assetName, saved: dashboard };
}

/** An organization with members (their e-mails) linked to the dashboard through the API. */
async function linkedOrganization(dashboardId: number, members: number, name = 'Client') {
  const organization = await createOrganization(t.db, { name: `${name} ${crypto.randomUUID().slice(0, 6)}` });
  const people = [];
  for (let i = 0; i < members; i++) {
    const user = await createUser(t.db, {
      email: `${name.toLowerCase()}-${i}-${crypto.randomUUID().slice(0, 6)}@client.test`,
    });
    await addMembership(t.db, organization.id, user.id);
    people.push(user);
  }
  const linked = await as(admin).send('POST', '/api/admin/organization-dashboards', {
    organizationId: organization.id,
    dashboardId,
  });
  expect(linked.status).toBe(201);
  return { organization, people };
}

const userMember = (email: string) => `user:${email.toLowerCase()}`;
const sharingOf = async (id: number) => {
  const list = await (await as(admin).get('/api/admin/dashboards-direct')).json();
  return list.find((d: { id: number }) => d.id === id);
};

describe('the Looker Studio connection (issue 28)', () => {
  it('is saved with its key sealed, tested by a search of the reports, and never shows the key', async () => {
    google.addReport({ name: 'listed-report', title: 'Quarterly sales' });
    const response = await as(admin).send('POST', PATH, connectionBody());
    const text = await response.clone().text();
    expect(response.status).toBe(201);
    expect(text).not.toContain('PRIVATE KEY');
    expect(await response.json()).toMatchObject({
      provider: 'lookerstudio',
      delegatedUser: google.delegatedUser,
      serviceAccountEmail: google.serviceAccountEmail,
      ownsSharing: false,
      lastSync: null,
      test: { ok: true, message: expect.stringMatching(/report/) },
    });
    const assets = await as(admin).get(`${PATH}/${connectionId}/assets?q=quarterly`);
    expect(await assets.json()).toEqual({
      assets: [expect.objectContaining({ name: 'listed-report', title: 'Quarterly sales', assetType: 'REPORT' })],
    });
  });

  it.each([
    ['not JSON', 'not a key at all', /JSON key file/],
    ['not a service account key', JSON.stringify({ type: 'authorized_user', client_id: 'x' }), /not a service account/],
    ['huge', `{"type":"service_account","x":"${'a'.repeat(30_000)}"}`, /at most 20,000/],
    ['with NUL bytes', google.serviceAccountKey.replace('service_account', 'service\u0000account'), /NUL/],
  ])('refuses a key that is %s with a clear 422', async (_, key, message) => {
    const response = await as(admin).send('POST', PATH, connectionBody({ serviceAccountKey: key }));
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.issues[0]).toEqual({ path: 'serviceAccountKey', message: expect.stringMatching(message) });
  });

  it('saves a delegated user without domain-wide delegation, and says why it cannot sign in', async () => {
    const response = await as(admin).send('POST', PATH, connectionBody({ delegatedUser: 'someone@consultancy.test' }));
    expect(response.status).toBe(201);
    const saved = await response.json();
    expect(saved.test).toEqual({ ok: false, message: expect.stringMatching(/unauthorized_client.*domain-wide/) });
    const sync = await as(admin).send('POST', `${PATH}/${saved.id}/sync`);
    expect(sync.status).toBe(502);
    expect((await sync.json()).message).toMatch(/unauthorized_client/);
  });

  it("a dashboard of a report that does not exist saves with Google's 404 as its warning", async () => {
    const response = await saveLookerDashboard('Missing report', connectionId, { assetName: 'no-such-report' });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      embedUrl: 'https://lookerstudio.google.com/embed/reporting/no-such-report',
      assetName: 'no-such-report',
      embedUrlWarning: expect.stringMatching(/knows no report/),
    });
  });
});

describe('access follows the organizations (issue 28)', () => {
  it('linking an organization makes its members viewers and turns link sharing off', async () => {
    const { id, assetName, saved } = await lookerDashboard(true);
    expect(saved).toMatchObject({ publicShareLink: true, sharing: { linkSharingOff: false } });
    const { people } = await linkedOrganization(id, 2);
    await expect.poll(() => google.viewers(assetName), POLL).toEqual(people.map((p) => userMember(p.email)).sort());
    expect(google.report(assetName)?.permissions.LINK_VIEWER?.members).toEqual([]);
    expect(google.report(assetName)?.permissions.OWNER?.members).toEqual([`user:${google.delegatedUser}`]);
    await expect.poll(async () => (await sharingOf(id))?.sharing?.state, POLL).toBe('in-step');
    expect(await sharingOf(id)).toMatchObject({
      publicShareLink: false,
      sharing: { linkSharingOff: true, error: null, lastSyncedAt: expect.any(String) },
    });
  });

  it('removing a person, deactivating one and deleting the link each revoke', async () => {
    const { id, assetName } = await lookerDashboard(false);
    const { organization, people } = await linkedOrganization(id, 3);
    const [a, b, c] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    await expect.poll(() => google.viewers(assetName).length, POLL).toBe(3);

    const removed = await as(admin).send('DELETE', `/api/admin/organization-users/${organization.id}/${a.id}`);
    expect(removed.status).toBeLessThan(300);
    await expect.poll(() => google.viewers(assetName), POLL).toEqual([userMember(b.email), userMember(c.email)].sort());

    const deactivated = await as(admin).send('POST', `/api/admin/users/${b.id}/toggle-status`, { isActive: false });
    expect(deactivated.status).toBe(200);
    await expect.poll(() => google.viewers(assetName), POLL).toEqual([userMember(c.email)]);

    const unlinked = await as(admin).send('DELETE', `/api/admin/organization-dashboards/${organization.id}/${id}`);
    expect(unlinked.status).toBeLessThan(300);
    await expect.poll(() => google.viewers(assetName), POLL).toEqual([]);
  });

  it('an organization deactivated or given a Google group, a person erased or given another Google account', async () => {
    const { id, assetName } = await lookerDashboard(false);
    const { organization, people } = await linkedOrganization(id, 2, 'Group');
    const [a, b] = people as [(typeof people)[0], (typeof people)[0]];
    await expect.poll(() => google.viewers(assetName).length, POLL).toBe(2);

    // The person names another Google account on their account page: the report moves to it.
    const person = await signIn({ email: `self-${crypto.randomUUID().slice(0, 6)}@client.test` });
    await addMembership(t.db, organization.id, person.id);
    const set = await as(person).send('PUT', '/api/account/google-account', {
      googleAccount: ' Me.Personal@Gmail.test ',
    });
    expect(await set.json()).toEqual({ googleAccount: 'me.personal@gmail.test' });
    await expect.poll(() => google.viewers(assetName), POLL).toContain('user:me.personal@gmail.test');
    const detail = await (await as(person).get(`/api/dashboards/${id}`)).json();
    expect(detail.lookerStudio).toEqual({ googleAccount: 'me.personal@gmail.test', grantedAt: expect.any(String) });
    expect(Date.now() - Date.parse(detail.lookerStudio.grantedAt)).toBeLessThan(60_000);
    expect((await (await as(admin).get(`/api/dashboards/${id}`)).json()).lookerStudio).toEqual({
      googleAccount: null,
      grantedAt: null,
    });
    const bad = await as(person).send('PUT', '/api/account/google-account', { googleAccount: 'not an address\u0000' });
    expect(bad.status).toBe(422);

    // An admin sets a person's Google account (Edit User): the report moves to it too.
    const edited = await as(admin).send('PUT', `/api/admin/users/${b.id}`, {
      email: b.email,
      organizationIds: [organization.id],
      googleAccount: 'b.work@gmail.test',
    });
    expect(edited.status).toBe(200);
    expect((await edited.json()).googleAccount).toBe('b.work@gmail.test');
    await expect.poll(() => google.viewers(assetName), POLL).toContain('user:b.work@gmail.test');
    expect(google.viewers(assetName)).not.toContain(userMember(b.email));

    // Erased: their access goes with them.
    const erased = await as(admin).send('DELETE', `/api/admin/users/${a.id}`);
    expect(erased.status).toBe(204);
    await expect.poll(() => google.viewers(assetName), POLL).not.toContain(userMember(a.email));

    // A Google group instead of each member.
    const grouped = await as(admin).send('PUT', `/api/admin/organizations/${organization.id}`, {
      name: organization.name,
      googleGroup: 'Analysts@Client.test',
    });
    expect(grouped.status).toBe(200);
    expect((await grouped.json()).googleGroup).toBe('analysts@client.test');
    await expect.poll(() => google.viewers(assetName), POLL).toEqual(['group:analysts@client.test']);

    // Deactivated: nobody of it sees the report any more.
    const off = await as(admin).send('POST', `/api/admin/organizations/${organization.id}/toggle-status`);
    expect(off.status).toBe(200);
    await expect.poll(() => google.viewers(assetName), POLL).toEqual([]);
    expect(b.id).toBeGreaterThan(0);
  });

  it("a person's data erased (personal-data request): their access is taken back, their address kept nowhere", async () => {
    const { id, assetName } = await lookerDashboard(false);
    const { people } = await linkedOrganization(id, 2, 'Erase');
    const [gone, stays] = people as [(typeof people)[0], (typeof people)[0]];
    await expect.poll(() => google.viewers(assetName).length, POLL).toBe(2);
    const erased = await as(admin).send('POST', '/api/admin/personal-data/erase', { email: gone.email });
    expect(erased.status).toBe(200);
    await expect.poll(() => google.viewers(assetName), POLL).toEqual([userMember(stays.email)]);
    const rows = await t.sql`select granted::text as granted from looker_sharing where asset_name = ${assetName}`;
    expect(rows[0]?.granted ?? '').not.toContain(gone.email.toLowerCase());
  });

  it('a dashboard deleted or switched to another mode takes back everything it granted', async () => {
    const first = await lookerDashboard(false);
    await linkedOrganization(first.id, 2);
    await expect.poll(() => google.viewers(first.assetName).length, POLL).toBe(2);
    expect((await as(admin).send('DELETE', `/api/admin/dashboards/${first.id}`)).status).toBe(204);
    await expect.poll(() => google.viewers(first.assetName), POLL).toEqual([]);

    const second = await lookerDashboard(false);
    await linkedOrganization(second.id, 1);
    await expect.poll(() => google.viewers(second.assetName).length, POLL).toBe(1);
    const switched = await as(admin).send('PUT', `/api/admin/dashboards/${second.id}`, {
      name: 'Now a link',
      category: 'Sales',
      type: 'Looker',
      embedMode: 'url',
      embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=1',
    });
    expect(switched.status).toBe(200);
    await expect.poll(() => google.viewers(second.assetName), POLL).toEqual([]);
  });
});

describe('reconcile (issue 28)', () => {
  it('reports a viewer shared by hand as unexpected, keeps it, audits the sync; a second sync finds nothing to do', async () => {
    const { id, assetName } = await lookerDashboard(false);
    const { people } = await linkedOrganization(id, 1);
    await expect.poll(() => google.viewers(assetName).length, POLL).toBe(1);
    google.addMember(assetName, 'VIEWER', 'user:by-hand@elsewhere.test');
    google.addMember(assetName, 'EDITOR', 'user:analyst@consultancy.test');
    google.addMember(assetName, 'LINK_VIEWER', 'domain:client.test');

    const response = await as(admin).send('POST', `${PATH}/${connectionId}/sync`);
    expect(response.status).toBe(200);
    const result = await response.json();
    expect(result.unexpected).toContainEqual({
      dashboardId: id,
      dashboardName: expect.any(String),
      assetName,
      member: 'user:by-hand@elsewhere.test',
      role: 'VIEWER',
    });
    // The dashboard of a report that does not exist (saved above) says so, by name.
    expect(result.errors).toEqual([
      {
        dashboardId: expect.any(Number),
        dashboardName: 'Missing report',
        message: expect.stringMatching(/knows no report/),
      },
    ]);
    expect(google.viewers(assetName)).toEqual([userMember(people[0]!.email), 'user:by-hand@elsewhere.test'].sort());
    expect(google.report(assetName)?.permissions.EDITOR?.members).toEqual(['user:analyst@consultancy.test']);
    expect(google.report(assetName)?.permissions.LINK_VIEWER?.members).toEqual([]);

    const [entry] =
      await t.sql`select action, changes from audit_log where action = 'connection.sync' order by id desc limit 1`;
    expect(entry?.changes).toMatchObject({ unexpected: result.unexpected.length });
    const [listed] = (await (await as(admin).get(PATH)).json()).filter((c: { id: number }) => c.id === connectionId);
    expect(listed.lastSync).toMatchObject({
      unexpected: result.unexpected.length,
      error: expect.stringMatching(/knows no report/),
    });

    const patches = google.requestsTo('patch').length;
    const again = await (await as(admin).send('POST', `${PATH}/${connectionId}/sync`)).json();
    expect(again).toMatchObject({ added: 0, removed: 0 });
    expect(google.requestsTo('patch').length).toBe(patches);
  });

  it('the nightly reconcile (one scheduler for the cluster) turns link sharing back off and records its counts', async () => {
    const { runtime } = workers.workers;
    const schedulers = await runtime.queues.lookerSharing.getJobSchedulers();
    expect(schedulers.map((s) => s.key)).toEqual(
      expect.arrayContaining(['looker-sharing-nightly', 'looker-sharing-retry']),
    );
    const { id, assetName } = await lookerDashboard(false);
    await linkedOrganization(id, 1);
    await expect.poll(() => google.viewers(assetName).length, POLL).toBe(1);
    google.addMember(assetName, 'LINK_VIEWER', 'allUsers');
    await runtime.queues.lookerSharing.add('reconcile', {}, { jobId: `nightly-test-${crypto.randomUUID()}` });
    await expect.poll(() => google.report(assetName)?.permissions.LINK_VIEWER?.members, POLL).toEqual([]);
    const [listed] = (await (await as(admin).get(PATH)).json()).filter((c: { id: number }) => c.id === connectionId);
    expect(listed.lastSync).toMatchObject({ at: expect.any(String), removed: expect.any(Number) });
  });

  it('the nightly reconcile is audited, with the members shared by hand that it did not expect', async () => {
    const { runtime } = workers.workers;
    const { id, assetName } = await lookerDashboard(false);
    await linkedOrganization(id, 1);
    await expect.poll(() => google.viewers(assetName).length, POLL).toBe(1);
    google.addMember(assetName, 'VIEWER', 'user:shared.by.hand@elsewhere.test');
    await runtime.queues.lookerSharing.add('reconcile', {}, { jobId: `nightly-audit-${crypto.randomUUID()}` });
    const audited = async () =>
      (
        await t.sql`select actor_id, action, target_id, changes from audit_log where action = 'connection.reconcile'
        and changes::text like '%shared.by.hand@elsewhere.test%' order by id desc limit 1`
      )[0];
    await expect.poll(audited, POLL).toBeTruthy();
    const entry = await audited();
    expect(entry).toMatchObject({ actor_id: null, target_id: String(connectionId) });
    expect(entry?.changes).toMatchObject({
      unexpectedMembers: expect.arrayContaining([
        expect.objectContaining({ assetName, member: 'user:shared.by.hand@elsewhere.test', role: 'VIEWER' }),
      ]),
    });
    // Reported, and kept: this connection does not own sharing (D36).
    expect(google.viewers(assetName)).toContain('user:shared.by.hand@elsewhere.test');
  });

  it('a connection that owns sharing removes the viewer shared by hand', async () => {
    const owning = await (await as(admin).send('POST', PATH, connectionBody({ ownsSharing: true }))).json();
    google.addReport({ name: 'owned-report' });
    google.addMember('owned-report', 'VIEWER', 'user:by-hand@elsewhere.test');
    const dashboard = await saveLookerDashboard('Owned', owning.id, { assetName: 'owned-report' });
    expect(dashboard.status).toBe(201);
    const result = await (await as(admin).send('POST', `${PATH}/${owning.id}/sync`)).json();
    expect(result.unexpected).toHaveLength(1);
    expect(google.viewers('owned-report')).toEqual([]);
  });
});

describe('Google failing or racing (issue 28)', () => {
  it('Google down: the job retries, the failure is visible, nothing is lost', async () => {
    const { id, assetName } = await lookerDashboard(false);
    google.fail('patch', { status: 503, times: 4, report: assetName });
    const { people } = await linkedOrganization(id, 2);
    await expect.poll(async () => (await sharingOf(id))?.sharing?.state, POLL).toBe('failing');
    expect((await sharingOf(id)).sharing.error).toMatch(/unavailable/);
    // The gauge the alert watches counts it (read from the database at each scrape).
    const gauge = async () =>
      (await workers.workers.runtime.metrics.registry.getSingleMetric('looker_sharing_out_of_step')?.get())?.values[0]
        ?.value ?? 0;
    expect(await gauge()).toBeGreaterThanOrEqual(1);
    await expect.poll(() => google.viewers(assetName), POLL).toEqual(people.map((p) => userMember(p.email)).sort());
    await expect
      .poll(async () => (await sharingOf(id))?.sharing, POLL)
      .toMatchObject({ state: 'in-step', error: null });
  });

  it('a revoke that fails stays failing until it succeeds', async () => {
    const { id, assetName } = await lookerDashboard(false);
    const { organization, people } = await linkedOrganization(id, 1);
    await expect.poll(() => google.viewers(assetName).length, POLL).toBe(1);
    google.fail('get', { status: 500, times: 6, report: assetName });
    await as(admin).send('DELETE', `/api/admin/organization-users/${organization.id}/${people[0]!.id}`);
    await expect.poll(async () => (await sharingOf(id))?.sharing?.state, POLL).toBe('failing');
    expect(google.viewers(assetName)).toEqual([userMember(people[0]!.email)]);
    await expect.poll(() => google.viewers(assetName), POLL).toEqual([]);
    await expect.poll(async () => (await sharingOf(id))?.sharing?.state, POLL).toBe('in-step');
  });

  it('parallel changes of one report, and someone editing it meanwhile: every change lands (etag)', async () => {
    const { id, assetName } = await lookerDashboard(false);
    const organizations = await Promise.all([1, 2, 3, 4].map(() => linkedOrganization(id, 2, 'Crowd')));
    // Someone shares it by hand while the jobs run: the etag they read goes stale.
    google.addMember(assetName, 'EDITOR', 'user:editor@consultancy.test');
    const expected = organizations.flatMap((o) => o.people.map((p) => userMember(p.email))).sort();
    await expect.poll(() => google.viewers(assetName), POLL).toEqual(expected);
    expect(google.report(assetName)?.permissions.EDITOR?.members).toEqual(['user:editor@consultancy.test']);
    await expect.poll(async () => (await sharingOf(id))?.sharing?.state, POLL).toBe('in-step');
  });
});
