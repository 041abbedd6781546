import { schema } from '@app/db';
import { addMembership, createDashboard, createOrganization, createUser, linkDashboard } from '@app/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { hashPassword } from '../auth/auth.service';

let t: TestApp;
let passwordHash: string;
let admin: { id: number; email: string; cookie: string };
let client: { id: number; email: string; cookie: string };

async function signIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, { passwordHash, accountSetupComplete: true, ...overrides });
  const response = await t.post('/api/auth/login', { email: user.email, password: 'admin password 1' });
  return { id: user.id, email: user.email, cookie: (response.headers.get('set-cookie') ?? '').split(';')[0]! };
}

beforeAll(async () => {
  t = await createTestApp();
  passwordHash = await hashPassword('admin password 1');
  admin = await signIn({ isAdmin: true, firstName: 'Ada' });
  client = await signIn();
});
afterAll(async () => {
  await t.close();
});

const as = (who: { cookie: string } | null) => ({
  get: (path: string) => t.get(path, who ? { cookie: who.cookie } : {}),
  send: (method: string, path: string, body?: unknown) =>
    t.request(method, path, body, who ? { cookie: who.cookie } : {}),
});

describe('the admin guard', () => {
  const endpoints: [string, string, unknown?][] = [
    ['GET', '/api/admin/organizations'],
    ['POST', '/api/admin/organizations', { name: 'X' }],
    ['PUT', '/api/admin/organizations/1', { name: 'X' }],
    ['POST', '/api/admin/organizations/1/toggle-status'],
    ['GET', '/api/admin/dashboards-direct'],
    ['POST', '/api/admin/dashboards', {}],
    ['PUT', '/api/admin/dashboards/1', {}],
    ['DELETE', '/api/admin/dashboards/1'],
    ['GET', '/api/admin/users'],
    ['POST', '/api/admin/users', { email: 'a@b.co' }],
    ['PUT', '/api/admin/users/1', { email: 'a@b.co' }],
    ['POST', '/api/admin/users/1/toggle-admin', { isAdmin: true }],
    ['POST', '/api/admin/users/1/toggle-status', { isActive: true }],
    ['DELETE', '/api/admin/users/1'],
    ['POST', '/api/admin/organization-users', { organizationId: 1, userId: 1 }],
    ['GET', '/api/admin/organization-dashboards'],
    ['POST', '/api/admin/organization-dashboards', { organizationId: 1, dashboardId: 1 }],
    ['DELETE', '/api/admin/organization-dashboards/1/1'],
    ['DELETE', '/api/admin/organization-users/1/1'],
    ['POST', '/api/admin/send-registration-email', { email: 'a@b.co' }],
    ['POST', '/api/admin/send-password-reset', { email: 'a@b.co' }],
    ['GET', '/api/admin/audit'],
  ];
  it.each(endpoints)('answers %s %s with 401 to anonymous callers and 403 to clients', async (method, path, body) => {
    expect((await as(null).send(method, path, body)).status).toBe(401);
    const forbidden = await as(client).send(method, path, body);
    expect(forbidden.status).toBe(403);
    expect((await forbidden.json()).message).toBe('Administrator access required');
  });
});

describe('organizations', () => {
  it('are created, updated, deactivated and listed active first; the name is required', async () => {
    const created = await as(admin).send('POST', '/api/admin/organizations', {
      name: ' Acme ',
      domain: 'acme.test',
      logoUrl: '',
    });
    expect(created.status).toBe(201);
    const acme = await created.json();
    expect(acme).toMatchObject({ name: 'Acme', domain: 'acme.test', logoUrl: null, isActive: true });
    const updated = await as(admin).send('PUT', `/api/admin/organizations/${acme.id}`, {
      name: 'Acme Inc',
      domain: '',
      logoUrl: '/logo.svg',
    });
    expect(await updated.json()).toMatchObject({ name: 'Acme Inc', domain: null, logoUrl: '/logo.svg' });
    const toggled = await as(admin).send('POST', `/api/admin/organizations/${acme.id}/toggle-status`);
    expect((await toggled.json()).isActive).toBe(false);
    await as(admin).send('POST', '/api/admin/organizations', { name: 'Zeta' });
    const list = await (await as(admin).get('/api/admin/organizations')).json();
    expect(list.at(-1).name).toBe('Acme Inc');

    const empty = await as(admin).send('POST', '/api/admin/organizations', { name: '  ' });
    expect(empty.status).toBe(422);
    expect((await empty.json()).message).toBe('Organization name is required');
    const badLogo = await as(admin).send('POST', '/api/admin/organizations', {
      name: 'Y',
      logoUrl: 'http://x.test/a.png',
    });
    expect((await badLogo.json()).message).toBe('The logo URL must be an https address or a path on this site');
    expect((await as(admin).send('PUT', '/api/admin/organizations/999999', { name: 'Nobody' })).status).toBe(404);
  });
});

describe('dashboards', () => {
  it('keep only the https src of pasted iframe code (D18), and report views (D19)', async () => {
    const created = await as(admin).send('POST', '/api/admin/dashboards', {
      name: 'Sales',
      category: 'Sales',
      type: 'PowerBI',
      embedUrl:
        '<iframe title="Sales" width="600" src="https://app.powerbi.com/view?r=abc&amp;x=1" frameborder="0"></iframe>',
      thumbnailUrl: '',
      isPublic: false,
    });
    expect(created.status).toBe(201);
    const sales = await created.json();
    expect(sales).toMatchObject({
      embedUrl: 'https://app.powerbi.com/view?r=abc&x=1',
      viewCount: 0,
      lastViewedAt: null,
      isPublic: false,
    });
    // Reading the dashboard records nothing; being shown it does, once per person within minutes (D33).
    await as(admin).get(`/api/dashboards/${sales.id}`);
    await as(admin).send('POST', `/api/dashboards/${sales.id}/views`);
    await as(admin).send('POST', `/api/dashboards/${sales.id}/views`);
    const listed = (await (await as(admin).get('/api/admin/dashboards-direct')).json()).find(
      (d: { id: number }) => d.id === sales.id,
    );
    expect(listed.viewCount).toBe(1);
    expect(listed.lastViewedAt).toEqual(expect.any(String));
    const updated = await as(admin).send('PUT', `/api/admin/dashboards/${sales.id}`, {
      ...sales,
      name: 'Sales 2026',
      isPublic: true,
    });
    expect(await updated.json()).toMatchObject({ name: 'Sales 2026', isPublic: true });
  });

  it.each([
    [{ name: '' }, 'Dashboard name is required'],
    [{ category: '' }, 'Category is required'],
    [{ type: '' }, 'Type is required'],
    [{ embedUrl: '' }, 'Embed URL is required'],
    [{ category: 'Astrology' }, 'Category must be one of Education, Research, Operations, Sales, Finance, HR'],
    [
      { embedUrl: 'http://insecure.example/x' },
      'The embed URL must be an https address (or iframe code whose src is one)',
    ],
    [
      { embedUrl: '<script>alert(1)</script>' },
      'The embed URL must be an https address (or iframe code whose src is one)',
    ],
  ])('refuses a bad dashboard with a clear message (%#)', async (override, message) => {
    const body = {
      name: 'N',
      category: 'Sales',
      type: 'Looker',
      embedUrl: 'https://lookerstudio.google.com/x',
      ...override,
    };
    const response = await as(admin).send('POST', '/api/admin/dashboards', body);
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe(message);
  });

  it('are deleted with their links to organizations', async () => {
    const org = await createOrganization(t.db);
    const dashboard = await createDashboard(t.db);
    await linkDashboard(t.db, org.id, dashboard.id);
    expect((await as(admin).send('DELETE', `/api/admin/dashboards/${dashboard.id}`)).status).toBe(204);
    const links = await t.db
      .select()
      .from(schema.organizationDashboards)
      .where(eq(schema.organizationDashboards.dashboardId, dashboard.id));
    expect(links).toHaveLength(0);
    expect((await as(admin).send('DELETE', `/api/admin/dashboards/${dashboard.id}`)).status).toBe(404);
  });
});

describe('users', () => {
  it('are created in an organization with the invitation queued as an event (202 path of D22), e-mails unique', async () => {
    const org = await createOrganization(t.db, { name: 'Members Ltd' });
    const response = await as(admin).send('POST', '/api/admin/users', {
      email: 'new.client@example.com',
      firstName: 'New',
      lastName: 'Client',
      organizationId: String(org.id),
      isAdmin: false,
      sendRegistrationEmail: true,
    });
    expect(response.status).toBe(201);
    const user = await response.json();
    expect(user).toMatchObject({
      email: 'new.client@example.com',
      accountSetupComplete: false,
      hasLoggedIn: false,
      organizations: [{ id: org.id, name: 'Members Ltd' }],
    });
    const events = await t.db.select().from(schema.outboxEvents).where(eq(schema.outboxEvents.type, 'user.invited'));
    expect(events.map((e) => e.payload)).toContainEqual({ userId: user.id });

    const again = await as(admin).send('POST', '/api/admin/users', { email: 'NEW.client@example.com' });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('A user with this email already exists');
    const bad = await as(admin).send('POST', '/api/admin/users', { email: 'nope' });
    expect((await bad.json()).message).toBe('Please enter a valid email address');
  });

  it('are updated with their organizations replaced', async () => {
    const a = await createOrganization(t.db, { name: 'A org' });
    const b = await createOrganization(t.db, { name: 'B org' });
    const user = await createUser(t.db);
    await addMembership(t.db, a.id, user.id);
    const response = await as(admin).send('PUT', `/api/admin/users/${user.id}`, {
      email: user.email,
      firstName: 'Renamed',
      lastName: 'Person',
      organizationIds: [String(b.id)],
      isAdmin: true,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      firstName: 'Renamed',
      isAdmin: true,
      organizations: [{ id: b.id, name: 'B org' }],
    });
    const taken = await as(admin).send('PUT', `/api/admin/users/${user.id}`, {
      email: client.email,
      organizationIds: [],
    });
    expect(taken.status).toBe(409);
  });

  it('cannot take away their own admin rights, deactivate or delete themselves (D10)', async () => {
    const revoke = await as(admin).send('POST', `/api/admin/users/${admin.id}/toggle-admin`, { isAdmin: false });
    expect(revoke.status).toBe(403);
    expect((await revoke.json()).message).toBe('Cannot remove own admin privileges');
    const viaEdit = await as(admin).send('PUT', `/api/admin/users/${admin.id}`, { email: 'x@y.co', isAdmin: false });
    expect((await viaEdit.json()).message).toBe('Cannot remove own admin privileges');
    const deactivate = await as(admin).send('POST', `/api/admin/users/${admin.id}/toggle-status`, { isActive: false });
    expect((await deactivate.json()).message).toBe('You cannot deactivate your own account');
    const remove = await as(admin).send('DELETE', `/api/admin/users/${admin.id}`);
    expect((await remove.json()).message).toBe('You cannot delete your own account');
  });

  it('lose their sessions when deactivated, and everything of theirs when deleted', async () => {
    const victim = await signIn();
    expect((await as(victim).get('/api/auth/user')).status).toBe(200);
    const off = await as(admin).send('POST', `/api/admin/users/${victim.id}/toggle-status`, { isActive: false });
    expect((await off.json()).isActive).toBe(false);
    expect((await as(victim).get('/api/auth/user')).status).toBe(401);
    await as(admin).send('POST', `/api/admin/users/${victim.id}/toggle-status`, { isActive: true });

    const org = await createOrganization(t.db);
    await addMembership(t.db, org.id, victim.id);
    expect((await as(admin).send('DELETE', `/api/admin/users/${victim.id}`)).status).toBe(204);
    expect(await t.db.select().from(schema.users).where(eq(schema.users.id, victim.id))).toHaveLength(0);
    expect(await t.db.select().from(schema.memberships).where(eq(schema.memberships.userId, victim.id))).toHaveLength(
      0,
    );
    expect(await t.db.select().from(schema.sessions).where(eq(schema.sessions.userId, victim.id))).toHaveLength(0);
  });

  it('get admin rights granted and e-mails queued with 202', async () => {
    const user = await createUser(t.db, { email: 'promote@example.com' });
    const granted = await as(admin).send('POST', `/api/admin/users/${user.id}/toggle-admin`, { isAdmin: true });
    expect((await granted.json()).isAdmin).toBe(true);
    const invite = await as(admin).send('POST', '/api/admin/send-registration-email', { email: 'promote@example.com' });
    expect(invite.status).toBe(202);
    expect(await invite.json()).toEqual({ message: 'Registration email sent' });
    const reset = await as(admin).send('POST', '/api/admin/send-password-reset', { email: 'PROMOTE@example.com' });
    expect(reset.status).toBe(202);
    const events = await t.db.select().from(schema.outboxEvents);
    expect(
      events
        .filter((e) => (e.payload as { userId?: number }).userId === user.id)
        .map((e) => e.type)
        .sort(),
    ).toEqual(['password_reset.requested', 'user.invited']);
    expect(
      (await as(admin).send('POST', '/api/admin/send-password-reset', { email: 'ghost@example.com' })).status,
    ).toBe(404);
  });
});

describe('associations', () => {
  it('link a dashboard to an organization once; the second time is refused clearly', async () => {
    const org = await createOrganization(t.db, { name: 'Linked Org' });
    const dashboard = await createDashboard(t.db, { name: 'Linked Dashboard', category: 'HR', type: 'Tableau' });
    const body = { organizationId: String(org.id), dashboardId: String(dashboard.id) };
    const first = await as(admin).send('POST', '/api/admin/organization-dashboards', body);
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({
      organizationId: org.id,
      organizationName: 'Linked Org',
      dashboardId: dashboard.id,
      dashboardName: 'Linked Dashboard',
      dashboardCategory: 'HR',
      dashboardType: 'Tableau',
    });
    const second = await as(admin).send('POST', '/api/admin/organization-dashboards', body);
    expect(second.status).toBe(409);
    expect((await second.json()).message).toBe('This dashboard is already linked to this organization');
    const list = await (await as(admin).get('/api/admin/organization-dashboards')).json();
    expect(list).toContainEqual(
      expect.objectContaining({ organizationName: 'Linked Org', dashboardName: 'Linked Dashboard' }),
    );
    const missing = await as(admin).send('POST', '/api/admin/organization-dashboards', {
      organizationId: '',
      dashboardId: '',
    });
    expect((await missing.json()).message).toBe('Please choose an organization');
  });

  it('add a user to an organization with the default role Member', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db);
    const response = await as(admin).send('POST', '/api/admin/organization-users', {
      organizationId: org.id,
      userId: user.id,
    });
    expect(response.status).toBe(201);
    const [membership] = await t.db.select().from(schema.memberships).where(eq(schema.memberships.userId, user.id));
    expect(membership?.role).toBe('Member');
  });
});

describe('undoing links (issue 12, item 13)', () => {
  it('unlink a dashboard from an organization: 204, gone from the list, audited with names; 404 the second time', async () => {
    const org = await createOrganization(t.db, { name: 'Unlink Org' });
    const dashboard = await createDashboard(t.db, { name: 'Unlink Dashboard' });
    await linkDashboard(t.db, org.id, dashboard.id);
    const path = `/api/admin/organization-dashboards/${org.id}/${dashboard.id}`;

    const removed = await as(admin).send('DELETE', path);
    expect(removed.status).toBe(204);
    const list: { organizationId: number; dashboardId: number }[] = await (
      await as(admin).get('/api/admin/organization-dashboards')
    ).json();
    expect(list.filter((l) => l.organizationId === org.id && l.dashboardId === dashboard.id)).toEqual([]);
    const [entry] = await (await as(admin).get('/api/admin/audit')).json();
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorName: 'Ada User',
      action: 'organization.unlink-dashboard',
      targetType: 'organization',
      targetId: String(org.id),
      targetName: 'Unlink Org',
      changes: { dashboardId: dashboard.id, dashboardName: 'Unlink Dashboard' },
    });

    const again = await as(admin).send('DELETE', path);
    expect(again.status).toBe(404);
    expect((await again.json()).message).toBe('This dashboard is not linked to this organization');
    expect((await as(admin).send('DELETE', '/api/admin/organization-dashboards/999999/1')).status).toBe(404);
    // Ids that cannot exist (not digits, or too large) are simply not found, as on the other admin routes.
    expect((await as(admin).send('DELETE', '/api/admin/organization-dashboards/x/1')).status).toBe(404);
    expect((await as(admin).send('DELETE', '/api/admin/organization-dashboards/99999999999999/1')).status).toBe(404);
    expect((await as(admin).send('DELETE', '/api/admin/organization-users/1%00/1')).status).toBe(404);
  });

  it('remove a user from an organization: 204, membership gone, audited with names; 404 when not a member', async () => {
    const org = await createOrganization(t.db, { name: 'Member Org' });
    const user = await createUser(t.db, { email: 'member@example.com' });
    await addMembership(t.db, org.id, user.id);
    const path = `/api/admin/organization-users/${org.id}/${user.id}`;

    const removed = await as(admin).send('DELETE', path);
    expect(removed.status).toBe(204);
    expect(await t.db.select().from(schema.memberships).where(eq(schema.memberships.userId, user.id))).toEqual([]);
    const [entry] = await (await as(admin).get('/api/admin/audit')).json();
    expect(entry).toMatchObject({
      action: 'organization.remove-user',
      targetName: 'Member Org',
      changes: { userId: user.id, userEmail: 'member@example.com', role: 'Member' },
    });

    const again = await as(admin).send('DELETE', path);
    expect(again.status).toBe(404);
    expect((await again.json()).message).toBe('This user is not a member of this organization');
  });

  it('are refused from another origin (D9), like every other admin change', async () => {
    const org = await createOrganization(t.db);
    const dashboard = await createDashboard(t.db);
    await linkDashboard(t.db, org.id, dashboard.id);
    const user = await createUser(t.db);
    await addMembership(t.db, org.id, user.id);
    for (const path of [
      `/api/admin/organization-dashboards/${org.id}/${dashboard.id}`,
      `/api/admin/organization-users/${org.id}/${user.id}`,
    ]) {
      const refused = await t.request('DELETE', path, undefined, { cookie: admin.cookie, origin: 'https://evil.test' });
      expect(refused.status, path).toBe(403);
    }
    expect(await t.db.select().from(schema.memberships).where(eq(schema.memberships.userId, user.id))).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(schema.organizationDashboards)
        .where(eq(schema.organizationDashboards.dashboardId, dashboard.id)),
    ).toHaveLength(1);
  });

  it('two parallel unlinks of one link: one 204, one 404, one audit row', async () => {
    const org = await createOrganization(t.db, { name: 'Race Org' });
    const dashboard = await createDashboard(t.db);
    await linkDashboard(t.db, org.id, dashboard.id);
    const path = `/api/admin/organization-dashboards/${org.id}/${dashboard.id}`;
    const statuses = (await Promise.all([as(admin).send('DELETE', path), as(admin).send('DELETE', path)]))
      .map((r) => r.status)
      .sort();
    expect(statuses).toEqual([204, 404]);
    const rows = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.targetId, String(org.id)));
    expect(rows.filter((r) => r.action === 'organization.unlink-dashboard')).toHaveLength(1);
  });

  it('are documented with every answer in the OpenAPI document', async () => {
    const spec = await (await t.get('/api/docs/json')).json();
    for (const path of [
      '/api/admin/organization-dashboards/{organizationId}/{dashboardId}',
      '/api/admin/organization-users/{organizationId}/{userId}',
    ]) {
      const responses = spec.paths[path]?.delete?.responses ?? {};
      expect(Object.keys(responses).sort(), path).toEqual(['204', '401', '403', '404', '409', '422']);
    }
  });
});

describe('the admin e-mail actions (issue 12, item 22)', () => {
  it('write the event and the audit row in one transaction: a failing audit insert leaves no event', async () => {
    const user = await createUser(t.db, { email: 'atomic@example.com' });
    // A real failure of the audit insert, for this user's reset only.
    await t.db.execute(
      sql.raw(`
      create function fail_reset_audit() returns trigger language plpgsql as $$
      begin
        if new.action = 'user.send-password-reset' and new.target_id = '${user.id}' then
          raise exception 'audit insert failed';
        end if;
        return new;
      end $$;
      create trigger fail_reset_audit before insert on audit_log
        for each row execute function fail_reset_audit();`),
    );
    try {
      const failed = await as(admin).send('POST', '/api/admin/send-password-reset', { email: 'atomic@example.com' });
      expect(failed.status).toBe(500);
      const events = await t.db.select().from(schema.outboxEvents);
      expect(events.filter((e) => (e.payload as { userId?: number }).userId === user.id)).toEqual([]);
    } finally {
      await t.db.execute(sql.raw('drop trigger fail_reset_audit on audit_log; drop function fail_reset_audit();'));
    }
    const sent = await as(admin).send('POST', '/api/admin/send-password-reset', { email: 'atomic@example.com' });
    expect(sent.status).toBe(202);
    const events = await t.db.select().from(schema.outboxEvents);
    expect(events.filter((e) => (e.payload as { userId?: number }).userId === user.id)).toHaveLength(1);
    const [entry] = await (await as(admin).get('/api/admin/audit')).json();
    expect(entry).toMatchObject({ action: 'user.send-password-reset', targetName: 'atomic@example.com' });
  });
});

describe('the audit log (D21)', () => {
  it('lists admin actions newest first with who, what, target and changed fields', async () => {
    const org = await (await as(admin).send('POST', '/api/admin/organizations', { name: 'Audited' })).json();
    await as(admin).send('PUT', `/api/admin/organizations/${org.id}`, { name: 'Audited Renamed' });
    const entries = await (await as(admin).get('/api/admin/audit')).json();
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      action: 'organization.update',
      targetType: 'organization',
      targetId: String(org.id),
      changes: { name: { from: 'Audited', to: 'Audited Renamed' } },
    });
    expect(entries[1]).toMatchObject({ action: 'organization.create', targetId: String(org.id) });
  });

  it('names the actor and the target, and keeps the target name after the target is deleted', async () => {
    const created = await as(admin).send('POST', '/api/admin/dashboards', {
      name: 'Doomed Dashboard',
      category: 'Sales',
      type: 'PowerBI',
      embedUrl: 'https://app.powerbi.com/view?r=doomed',
    });
    const dashboard = await created.json();
    const user = await createUser(t.db, { email: 'doomed@example.com' });
    await as(admin).send('POST', `/api/admin/users/${user.id}/toggle-admin`, { isAdmin: true });
    await as(admin).send('DELETE', `/api/admin/users/${user.id}`);
    await as(admin).send('DELETE', `/api/admin/dashboards/${dashboard.id}`);
    const entries: { action: string; targetName: string | null; actorName: string | null; changes: object }[] = await (
      await as(admin).get('/api/admin/audit')
    ).json();
    const named = (action: string) => entries.find((e) => e.action === action);
    expect(named('dashboard.create')).toMatchObject({ actorName: 'Ada User', targetName: 'Doomed Dashboard' });
    expect(named('dashboard.delete')).toMatchObject({ targetName: 'Doomed Dashboard' });
    expect(named('user.grant-admin')).toMatchObject({ targetName: 'doomed@example.com' });
    expect(named('user.delete')).toMatchObject({ targetName: 'doomed@example.com' });
    // The recorded name is handed out as targetName, not as a changed field.
    expect(named('dashboard.create')?.changes).not.toHaveProperty('targetName');
  });
});

describe('the queue board (/admin/queues)', () => {
  it('is shown to admins, refused to clients and sends anonymous visitors to sign in', async () => {
    const page = await as(admin).get('/admin/queues');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const api = await as(admin).get('/admin/queues/api/queues');
    expect(api.status).toBe(200);
    const names = (await api.json()).queues.map((q: { name: string }) => q.name).sort();
    expect(names).toEqual(['calendar', 'domain-events', 'emails']);
    expect((await as(client).get('/admin/queues')).status).toBe(403);
    const anonymous = await as(null).get('/admin/queues');
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe('/login?redirect=%2Fadmin%2Fqueues');
    // Every path of the board, its API and its assets, is behind the same check.
    for (const path of ['/admin/queues/api/queues', '/admin/queues/queue/emails', '/admin/queues/static/favicon.ico']) {
      expect((await as(null).get(path)).status, path).toBe(302);
      expect((await as(client).get(path)).status, path).toBe(403);
    }
  });
});
