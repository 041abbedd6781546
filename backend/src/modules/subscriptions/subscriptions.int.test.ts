// Long file: the admin's subscription API, its refusals, and every way a member unsubscribes.

import * as schema from '@app/db/schema';
import { addMembership, createDashboard, createOrganization, createUser, linkDashboard } from '@app/db/testing';
import { createUnsubscribeSigner } from '@app/platform/report-export/unsubscribe-token';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountsWithPassword } from '../../../testing/accounts';
import { useAdminTestApp } from '../../../testing/admin';

const { t, as, admin, client } = useAdminTestApp();
const signer = () => createUnsubscribeSigner(Buffer.alloc(32, 7).toString('base64'));

/** A Power BI dashboard linked to a new organization with a scope, and a member of it. */
async function setUp(name: string, scope: Record<string, unknown> | null = { roles: ['Region'] }) {
  const org = await createOrganization(t.db, { name });
  const dashboard = await createDashboard(t.db, { name: `${name} sales`, embedMode: 'powerbi', embedUrl: '' });
  await linkDashboard(t.db, org.id, dashboard.id, scope);
  const member = await createUser(t.db, { email: `${name.toLowerCase()}@client.test` });
  await addMembership(t.db, org.id, member.id);
  return { org, dashboard, member };
}

const body = (organizationId: number, dashboardId: number, more: Record<string, unknown> = {}) => ({
  organizationId,
  dashboardId,
  frequency: 'weekly',
  weekday: 1,
  time: '08:30',
  timeZone: 'Europe/Brussels',
  format: 'PDF',
  recipients: 'all-members',
  ...more,
});

describe('the admin API of report subscriptions', () => {
  it('creates, lists, changes and deletes a subscription, each change audited', async () => {
    const { org, dashboard, member } = await setUp('Crud');
    const made = await as(admin).send('POST', '/api/admin/subscriptions', body(org.id, dashboard.id));
    expect(made.status).toBe(201);
    const subscription = await made.json();
    expect(subscription).toMatchObject({
      organizationName: 'Crud',
      dashboardName: 'Crud sales',
      provider: 'powerbi',
      frequency: 'weekly',
      weekday: 1,
      dayOfMonth: null,
      recipients: 'all-members',
      lastRun: null,
      unsubscribed: 0,
    });
    // Next Monday 08:30 in Brussels.
    const next = new Date(subscription.nextRunAt);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Brussels',
        weekday: 'long',
        hour: '2-digit',
        minute: '2-digit',
      }).format(next),
    ).toBe('Monday 08:30');

    const changed = await as(admin).send(
      'PUT',
      `/api/admin/subscriptions/${subscription.id}`,
      body(org.id, dashboard.id, {
        frequency: 'monthly',
        dayOfMonth: 31,
        weekday: 3,
        format: 'PNG',
        recipients: [member.id],
      }),
    );
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      frequency: 'monthly',
      dayOfMonth: 31,
      weekday: null,
      format: 'PNG',
      recipients: [member.id],
    });
    const list = await (await as(admin).get('/api/admin/subscriptions')).json();
    expect(list.map((s: { id: number }) => s.id)).toContain(subscription.id);

    expect((await as(admin).send('DELETE', `/api/admin/subscriptions/${subscription.id}`)).status).toBe(204);
    expect((await as(admin).send('DELETE', `/api/admin/subscriptions/${subscription.id}`)).status).toBe(404);
    const audit = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.targetType, 'subscription'));
    expect(audit.map((a) => a.action)).toEqual(['subscription.create', 'subscription.update', 'subscription.delete']);
  });

  it("lists one organization's subscriptions with organizationId, and refuses a bad one with 422", async () => {
    const first = await setUp('FilterOne');
    const second = await setUp('FilterTwo');
    const other = await createDashboard(t.db, { name: 'FilterOne margins', embedMode: 'powerbi', embedUrl: '' });
    await linkDashboard(t.db, first.org.id, other.id, { roles: ['Region'] });
    const made: number[] = [];
    for (const [org, dashboard] of [
      [first.org, first.dashboard],
      [first.org, other],
      [second.org, second.dashboard],
    ] as const) {
      const answer = await as(admin).send('POST', '/api/admin/subscriptions', body(org.id, dashboard.id));
      expect(answer.status).toBe(201);
      made.push((await answer.json()).id as number);
    }
    const listed = async (query: string) => {
      const answer = await as(admin).send('GET', `/api/admin/subscriptions${query}`);
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { id: number; organizationId: number }[]).filter((s) => made.includes(s.id));
    };
    const ofFirst = await listed(`?organizationId=${first.org.id}`);
    expect(ofFirst.map((s) => s.id).sort()).toEqual(made.slice(0, 2).sort());
    expect((await listed(`?organizationId=${second.org.id}`)).map((s) => s.id)).toEqual([made[2]]);
    expect(await listed('?organizationId=2147483647')).toEqual([]);
    expect((await listed('')).length).toBe(3);
    for (const bad of [
      '0',
      '-1',
      '1.5',
      '1e3',
      'abc',
      '2147483648',
      '99999999999999999999',
      '%00',
      '%F0%9F%98%80',
      '',
    ]) {
      const answer = await as(admin).send('GET', `/api/admin/subscriptions?organizationId=${bad}`);
      expect(answer.status, bad).toBe(422);
      expect((await answer.json()).message, bad).toContain('organizationId must be a whole number from 1 to');
    }
    // The filter changes nothing of the guard.
    expect((await as(null).get(`/api/admin/subscriptions?organizationId=${first.org.id}`)).status).toBe(401);
    expect((await as(client).get(`/api/admin/subscriptions?organizationId=${first.org.id}`)).status).toBe(403);
  });

  it('is for admins only', async () => {
    expect((await as(null).get('/api/admin/subscriptions')).status).toBe(401);
    expect((await as(client).get('/api/admin/subscriptions')).status).toBe(403);
    const { org, dashboard } = await setUp('Guarded');
    expect((await as(client).send('POST', '/api/admin/subscriptions', body(org.id, dashboard.id))).status).toBe(403);
  });

  it('refuses what cannot be sent: no link, no scope, a dashboard embedded by URL, a stranger as recipient', async () => {
    const { org, dashboard } = await setUp('Refused');
    const other = await createDashboard(t.db, { embedMode: 'powerbi', embedUrl: '' });
    const noLink = await as(admin).send('POST', '/api/admin/subscriptions', body(org.id, other.id));
    expect(noLink.status).toBe(422);
    expect((await noLink.json()).message).toBe('The dashboard is not linked to the organization: link it first');

    const unscoped = await setUp('Unscoped', null);
    const noScope = await as(admin).send(
      'POST',
      '/api/admin/subscriptions',
      body(unscoped.org.id, unscoped.dashboard.id),
    );
    expect((await noScope.json()).message).toMatch(/no data scope/);

    const framed = await createDashboard(t.db, { embedMode: 'url', embedUrl: 'https://example.com/report' });
    await linkDashboard(t.db, org.id, framed.id);
    const url = await as(admin).send('POST', '/api/admin/subscriptions', body(org.id, framed.id));
    expect((await url.json()).message).toMatch(/Only Power BI and Tableau dashboards/);

    const stranger = await createUser(t.db, {});
    const notMember = await as(admin).send(
      'POST',
      '/api/admin/subscriptions',
      body(org.id, dashboard.id, { recipients: [stranger.id] }),
    );
    expect(notMember.status).toBe(422);
    expect((await notMember.json()).message).toBe(`Not members of the organization: ${stranger.id}`);
  });

  it('answers hostile bodies with 4xx and a clear message, never 500', async () => {
    const { org, dashboard } = await setUp('Hostile');
    const cases: Array<[Record<string, unknown> | string, RegExp]> = [
      [body(org.id, dashboard.id, { frequency: 'daily' }), /Frequency must be 'weekly' or 'monthly'/],
      [body(org.id, dashboard.id, { weekday: undefined }), /A weekly subscription needs a weekday/],
      [body(org.id, dashboard.id, { frequency: 'monthly' }), /needs a day of the month/],
      [body(org.id, dashboard.id, { time: '24:00' }), /Time must be HH:MM/],
      [body(org.id, dashboard.id, { time: '8:30\u0000' }), /NUL|Time must be/],
      [body(org.id, dashboard.id, { timeZone: '+01:00' }), /IANA zone/],
      [body(org.id, dashboard.id, { timeZone: 'Mars/Olympus_Mons' }), /IANA zone/],
      [body(org.id, dashboard.id, { timeZone: '\ud800' }), /unpaired surrogates|IANA/],
      [body(org.id, dashboard.id, { format: 'EXE' }), /Format must be 'PDF' or 'PNG'/],
      [body(1e308, dashboard.id), /Organization is too large/],
      [body(-1, dashboard.id), /Organization must be a positive number/],
      [body(org.id, 1.5), /Dashboard must be a whole number/],
      [body(org.id, dashboard.id, { recipients: [] }), /Name at least one recipient/],
      [body(org.id, dashboard.id, { recipients: [1, 1] }), /named twice/],
      [
        body(org.id, dashboard.id, { recipients: Array.from({ length: 501 }, (_, i) => i + 1) }),
        /At most 500 recipients/,
      ],
      [body(org.id, dashboard.id, { recipients: 'everyone' }), /Recipients must be/],
      [`{"organizationId":${'['.repeat(100)}`, /nested too deeply|JSON/],
    ];
    for (const [sent, message] of cases) {
      const answer = await as(admin).send('POST', '/api/admin/subscriptions', sent);
      expect(answer.status, JSON.stringify(sent).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      const json = await answer.json();
      expect(`${json.message} ${json.issues.map((i: { message: string }) => i.message).join(' ')}`).toMatch(message);
    }
    expect(
      (await as(admin).send('PUT', '/api/admin/subscriptions/99999999999', body(org.id, dashboard.id))).status,
    ).toBe(404);
  });

  it('sends now once however many times it is clicked at once (409 for the others), and shows the run', async () => {
    const { org, dashboard } = await setUp('SendNow');
    const { id } = await (await as(admin).send('POST', '/api/admin/subscriptions', body(org.id, dashboard.id))).json();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => as(admin).send('POST', `/api/admin/subscriptions/${id}/send-now`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409, 409, 409, 409, 409, 409, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect((await refused.json()).message).toBe('This subscription is being sent already: wait until it has been sent');
    const runs = await t.db
      .select()
      .from(schema.subscriptionRuns)
      .where(eq(schema.subscriptionRuns.subscriptionId, id));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trigger: 'send-now', state: 'pending' });
    // Its event is in the outbox for the workers.
    const events = await t.db
      .select()
      .from(schema.outboxEvents)
      .where(eq(schema.outboxEvents.type, 'subscription.send_requested'));
    expect(events.map((e) => e.payload)).toContainEqual({ runId: runs[0]!.id });
    const history = await (await as(admin).get(`/api/admin/subscriptions/${id}/history`)).json();
    expect(history.runs).toEqual([expect.objectContaining({ id: runs[0]!.id, state: 'pending' })]);
    expect((await as(admin).send('POST', '/api/admin/subscriptions/424242/send-now')).status).toBe(404);
  });
});

describe('unsubscribing (the e-mail link, RFC 8058 one-click, the account page)', () => {
  async function subscribed(name: string) {
    const { org, dashboard, member } = await setUp(name);
    const { id } = await (await as(admin).send('POST', '/api/admin/subscriptions', body(org.id, dashboard.id))).json();
    return { id, member, token: signer().sign(id, member.id) };
  }

  it("the link's page names the report, and only its button's POST unsubscribes", async () => {
    const { id, member, token } = await subscribed('Link');
    const preview = await t.post('/api/subscriptions/unsubscribe/preview', { token });
    expect(await preview.json()).toEqual({
      dashboardName: 'Link sales',
      organizationName: 'Link',
      unsubscribed: false,
    });
    // Reading it changed nothing (a mail scanner that opens the page presses no button).
    expect(await t.db.select().from(schema.subscriptionUnsubscribes)).not.toContainEqual(
      expect.objectContaining({ subscriptionId: id }),
    );
    const done = await t.post('/api/subscriptions/unsubscribe', { token });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ message: 'You will no longer receive Link sales by e-mail.' });
    expect(await (await t.post('/api/subscriptions/unsubscribe/preview', { token })).json()).toMatchObject({
      unsubscribed: true,
    });
    const rows = await t.db
      .select()
      .from(schema.subscriptionUnsubscribes)
      .where(eq(schema.subscriptionUnsubscribes.subscriptionId, id));
    expect(rows).toEqual([expect.objectContaining({ userId: member.id, via: 'link' })]);
    const list = await (await as(admin).get('/api/admin/subscriptions')).json();
    expect(list.find((s: { id: number }) => s.id === id).unsubscribed).toBe(1);
  });

  it('the page needs the site itself: a POST from another origin is refused', async () => {
    const { token } = await subscribed('Origin');
    const answer = await t.request(
      'POST',
      '/api/subscriptions/unsubscribe',
      { token },
      { origin: 'https://evil.example' },
    );
    expect(answer.status).toBe(403);
  });

  it('refuses forged, altered and hostile tokens with 404 or 422', async () => {
    const { id, member, token } = await subscribed('Forged');
    const other = await createUser(t.db, {});
    for (const bad of [
      token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'),
      signer().sign(id, other.id),
      `${id}.${member.id}.${'a'.repeat(43)}`,
      'nonsense',
      '\u0000',
    ]) {
      const answer = await t.post('/api/subscriptions/unsubscribe', { token: bad });
      expect([400, 404, 422]).toContain(answer.status);
    }
    expect((await t.post('/api/subscriptions/unsubscribe', { token: 'x'.repeat(10_000) })).status).toBe(422);
  });

  it('one-click: the mail client POSTs List-Unsubscribe=One-Click with no origin; a GET does nothing', async () => {
    const { id, member, token } = await subscribed('OneClick');
    const url = `http://localhost/api/subscriptions/one-click-unsubscribe?token=${encodeURIComponent(token)}`;
    // A scanner following the link.
    const scanned = await t.app.handle(new Request(url));
    expect(scanned.status).toBeGreaterThanOrEqual(400);
    const wrongBody = await t.app.handle(
      new Request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'x=1',
      }),
    );
    expect(wrongBody.status).toBe(400);
    expect(
      await t.db
        .select()
        .from(schema.subscriptionUnsubscribes)
        .where(eq(schema.subscriptionUnsubscribes.subscriptionId, id)),
    ).toEqual([]);
    const clicked = await t.app.handle(
      new Request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.9.9.9' },
        body: 'List-Unsubscribe=One-Click',
      }),
    );
    expect(clicked.status).toBe(200);
    const rows = await t.db
      .select()
      .from(schema.subscriptionUnsubscribes)
      .where(eq(schema.subscriptionUnsubscribes.subscriptionId, id));
    expect(rows).toEqual([expect.objectContaining({ userId: member.id, via: 'one-click' })]);
  });

  it("the account page lists the member's own subscriptions and turns them off and on", async () => {
    const { org, dashboard } = await setUp('Account');
    const accounts = accountsWithPassword(t, 'member password 1');
    const { user, cookie } = await accounts.signIn({ email: 'account-member@client.test' });
    await addMembership(t.db, org.id, user.id);
    const { id } = await (await as(admin).send('POST', '/api/admin/subscriptions', body(org.id, dashboard.id))).json();
    const me = { cookie };
    const mine = await (await as(me).get('/api/account/subscriptions')).json();
    expect(mine).toEqual([
      {
        id,
        dashboardName: 'Account sales',
        organizationName: 'Account',
        frequency: 'weekly',
        format: 'PDF',
        subscribed: true,
      },
    ]);
    const off = await as(me).send('PUT', `/api/account/subscriptions/${id}`, { subscribed: false });
    expect(await off.json()).toMatchObject({ id, subscribed: false });
    expect((await (await as(me).get('/api/account/subscriptions')).json())[0].subscribed).toBe(false);
    const on = await as(me).send('PUT', `/api/account/subscriptions/${id}`, { subscribed: true });
    expect(await on.json()).toMatchObject({ subscribed: true });
    // Someone else's subscription is not theirs to change; anonymous people have none.
    const elsewhere = await subscribed('Elsewhere');
    expect((await as(me).send('PUT', `/api/account/subscriptions/${elsewhere.id}`, { subscribed: false })).status).toBe(
      404,
    );
    expect((await as(null).get('/api/account/subscriptions')).status).toBe(401);
    expect((await as(me).send('PUT', `/api/account/subscriptions/${id}`, { subscribed: 'no' })).status).toBe(422);
  });
});
