// Long file: the leads' list, changes, conversion (once, in parallel too) and their hostile inputs, one database.
import * as schema from '@app/db/schema';
import { createDashboard, createOrganization, createUser } from '@app/db/testing';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { itGuardsTheList, useAdminTestApp } from '../../../testing/admin';
import { storeBookingAt } from '../../../testing/booking';
import { contactMessage } from '../../../testing/contact';

/** Issue 27: every contact message and booking is a lead, one per person; a lead is followed and converted. */
const app = useAdminTestApp();
const { t, admin, client, as, signIn } = app;

const get = async (path: string) => {
  const response = await as(admin).get(path);
  return { status: response.status, body: await response.json(), total: response.headers.get('x-total-count') };
};
const send = async (method: string, path: string, body?: unknown) => {
  const response = await as(admin).send(method, path, body);
  return { status: response.status, body: await response.json().catch(() => null) };
};

let bookingSeq = 0;
/** A booking stored as the booking routes store it (the lead comes from the database, whatever the path). */
async function book(values: { name: string; email: string; businessName?: string | null; createdAt?: Date }) {
  bookingSeq += 1;
  return storeBookingAt(t.db, new Date(Date.UTC(2027, 0, 1, 9 + bookingSeq)), {
    calendarUid: `lead-${bookingSeq}@test`,
    ...values,
  });
}

async function contact(overrides: Parameters<typeof contactMessage>[0]) {
  const response = await t.request('POST', '/api/contact', contactMessage(overrides));
  expect(response.status).toBe(201);
}

const leadOf = async (email: string) => {
  const [lead] = await t.db.select().from(schema.leads).where(eq(schema.leads.email, email));
  return lead!;
};

const invitations = async (userId: number) =>
  t.db
    .select()
    .from(schema.outboxEvents)
    .where(
      and(
        eq(schema.outboxEvents.type, 'user.invited'),
        sql`${schema.outboxEvents.payload} ->> 'userId' = ${String(userId)}`,
      ),
    );

describe('leads from contact messages and bookings', () => {
  beforeAll(async () => {
    await contact({
      name: 'Paula Prospect',
      email: 'Paula@Prospect.test',
      subject: 'A dashboard',
      message: 'Hello, we would like a dashboard.',
    });
    await book({ name: 'Paula P. Prospect', email: ' paula@prospect.TEST ', businessName: 'Prospect Co' });
    await contact({ name: 'Spammy', email: 'spam@prospect.test', website: 'http://spam' });
    await contact({
      name: 'Quinn Quiet',
      email: 'quinn@other.test',
      subject: 'Question',
      message: 'Hi, a question about prices.',
    });
  });

  it('groups a message and a booking of the same person (any case, spaces) into one lead, spam into none', async () => {
    const { status, body, total } = await get('/api/admin/leads?page=1&q=prospect');
    expect(status).toBe(200);
    expect(total).toBe('1');
    expect(body).toEqual([
      expect.objectContaining({
        email: 'paula@prospect.test',
        name: 'Paula P. Prospect',
        businessName: 'Prospect Co',
        status: 'consultation',
        messageCount: 1,
        bookingCount: 1,
        ownerId: null,
        convertedAt: null,
      }),
    ]);
    const spam = await t.db.select().from(schema.leads).where(eq(schema.leads.email, 'spam@prospect.test'));
    expect(spam).toEqual([]);
  });

  it('shows one lead with its messages and bookings in the order they arrived', async () => {
    const lead = await leadOf('paula@prospect.test');
    const { status, body } = await get(`/api/admin/leads/${lead.id}`);
    expect(status).toBe(200);
    expect(body.activity.map((a: { kind: string }) => a.kind)).toEqual(['message', 'booking']);
    expect(body.activity[0]).toMatchObject({ subject: 'A dashboard', message: 'Hello, we would like a dashboard.' });
    expect(body.activity[1]).toMatchObject({ businessName: 'Prospect Co', status: 'confirmed' });
    expect((await get('/api/admin/leads/999999')).status).toBe(404);
    expect((await get('/api/admin/leads/abc')).status).toBe(404);
    expect((await get('/api/admin/leads/99999999999999999999')).status).toBe(404);
  });

  it('is a paged list filtered by status and sorted, its total in X-Total-Count', async () => {
    const whole = await get('/api/admin/leads');
    expect(whole.total).toBe(String(whole.body.length));
    const newOnes = await get('/api/admin/leads?status=new&page=1&pageSize=1&sort=email&order=asc');
    expect(newOnes.body.map((l: { email: string }) => l.email)).toEqual(['quinn@other.test']);
    const past = await get('/api/admin/leads?page=50&pageSize=100');
    expect(past).toMatchObject({ status: 200, body: [], total: whole.total });
    expect((await get('/api/admin/leads?q=%25')).body).toEqual([]);
  });

  // Hostile list parameters: a 422 naming them, never a 500.
  itGuardsTheList(app, '/api/admin/leads', [
    ['page=0', 'page must be a whole number from 1 to 1,000,000'],
    ['page=-1', 'page must be a whole number from 1 to 1,000,000'],
    ['page=1e309', 'page must be a whole number from 1 to 1,000,000'],
    ['page=1.5', 'page must be a whole number from 1 to 1,000,000'],
    ['page=abc', 'page must be a whole number from 1 to 1,000,000'],
    ['page=99999999999999999999', 'page must be a whole number from 1 to 1,000,000'],
    ['pageSize=101', 'pageSize must be a whole number from 1 to 100'],
    ['pageSize=0', 'pageSize must be a whole number from 1 to 100'],
    ['sort=password', 'sort must be one of lastActivityAt, createdAt, name, email, businessName, status, id'],
    ['sort=', 'sort must be one of lastActivityAt, createdAt, name, email, businessName, status, id'],
    ['order=sideways', 'order must be asc or desc'],
    ['status=maybe', 'status must be one of new, contacted, consultation, won, lost'],
    ['owner=-1', 'owner must be a whole number from 1 to 2,147,483,647'],
    ['owner=1e3', 'owner must be a whole number from 1 to 2,147,483,647'],
    ['owner=99999999999', 'owner must be a whole number from 1 to 2,147,483,647'],
    [`q=${'x'.repeat(201)}`, 'q must be at most 200 characters'],
    ['q=%00', 'q must not contain a NUL character'],
  ]);

  it('refuses a client the changes of a lead', async () => {
    const lead = await leadOf('quinn@other.test');
    expect((await as(client).send('PATCH', `/api/admin/leads/${lead.id}`, { status: 'lost' })).status).toBe(403);
    expect(
      (await as(client).send('POST', `/api/admin/leads/${lead.id}/convert`, { organizationName: 'X' })).status,
    ).toBe(403);
  });
});

describe('PATCH /api/admin/leads/{id}', () => {
  it("changes the status, notes and owner (an active administrator), audited without the notes' words", async () => {
    const lead = await leadOf('quinn@other.test');
    const changed = await send('PATCH', `/api/admin/leads/${lead.id}`, {
      status: 'contacted',
      notes: '  Called on Monday: wants a sales dashboard  ',
      ownerId: admin.id,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      status: 'contacted',
      notes: 'Called on Monday: wants a sales dashboard',
      ownerId: admin.id,
      ownerEmail: admin.email,
    });
    expect((await get(`/api/admin/leads?owner=${admin.id}&page=1`)).total).toBe('1');
    // What is not sent stays; null clears the owner.
    const cleared = await send('PATCH', `/api/admin/leads/${lead.id}`, { ownerId: null });
    expect(cleared.body).toMatchObject({
      status: 'contacted',
      ownerId: null,
      notes: expect.stringContaining('Monday'),
    });
    const [entry] = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, 'lead.update'), eq(schema.auditLog.targetId, String(lead.id))))
      .orderBy(schema.auditLog.id)
      .limit(1);
    expect(entry!.changes).toMatchObject({ status: { from: 'new', to: 'contacted' }, notes: 'changed' });
    expect(JSON.stringify(entry!.changes)).not.toContain('Monday');
  });

  it('refuses an owner who is not an active administrator, and every hostile field, with a 4xx', async () => {
    const lead = await leadOf('quinn@other.test');
    const path = `/api/admin/leads/${lead.id}`;
    const former = await signIn({ isAdmin: true });
    await t.db.update(schema.users).set({ isActive: false }).where(eq(schema.users.id, former.id));
    for (const ownerId of [client.id, former.id, 2_000_000_000]) {
      const answer = await send('PATCH', path, { ownerId });
      expect(answer.status, String(ownerId)).toBe(422);
      expect(answer.body.message).toBe('The owner must be an active administrator');
    }
    for (const body of [
      {},
      { status: 'hired' },
      { status: '' },
      { status: 1 },
      { notes: 'x'.repeat(10_001) },
      { notes: 42 },
      { notes: 'a\u0000b' },
      { notes: 'lone \ud800 half' },
      { ownerId: -1 },
      { ownerId: 0 },
      { ownerId: 1.5 },
      '{"ownerId":1e309}',
      '{"notes":"\\u0000"}',
      '{"notes":"\\ud800"}',
      { ownerId: '1e3' },
      { ownerId: 99999999999 },
      { ownerId: 'abc' },
      { ownerId: {} },
      { status: { $ne: null } },
    ]) {
      const answer = await send('PATCH', path, body);
      expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
    }
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const response = await t.request('PATCH', path, deep, { cookie: admin.cookie });
    expect(response.status).toBe(400);
    expect((await send('PATCH', '/api/admin/leads/999999', { status: 'lost' })).status).toBe(404);
    expect((await leadOf('quinn@other.test')).status).toBe('contacted');
  });
});

describe('POST /api/admin/leads/{id}/convert', () => {
  it('makes the organization, invites the person, links the dashboards and marks the lead won, once', async () => {
    await contact({ name: 'Rita Ready Client', email: 'rita@ready.test' });
    const lead = await leadOf('rita@ready.test');
    const [a, b] = [await createDashboard(t.db, { name: 'Sales' }), await createDashboard(t.db, { name: 'Stock' })];
    const converted = await send('POST', `/api/admin/leads/${lead.id}/convert`, {
      organizationName: '  Ready Ltd ',
      dashboardIds: [a.id, String(b.id), a.id],
    });
    expect(converted.status).toBe(200);
    const { organizationId, userId } = converted.body;
    const [organization] = await t.db
      .select()
      .from(schema.organizations)
      .where(eq(schema.organizations.id, organizationId));
    expect(organization!.name).toBe('Ready Ltd');
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.id, userId));
    expect(user).toMatchObject({
      email: 'rita@ready.test',
      firstName: 'Rita',
      lastName: 'Ready Client',
      isAdmin: false,
    });
    const members = await t.db
      .select()
      .from(schema.memberships)
      .where(eq(schema.memberships.organizationId, organizationId));
    expect(members.map((m) => m.userId)).toEqual([userId]);
    const links = await t.db
      .select()
      .from(schema.organizationDashboards)
      .where(eq(schema.organizationDashboards.organizationId, organizationId));
    expect(links.map((l) => l.dashboardId).sort()).toEqual([a.id, b.id].sort());
    expect(await invitations(userId)).toHaveLength(1);
    expect(await leadOf('rita@ready.test')).toMatchObject({ status: 'won', organizationId, userId });
    expect((await get(`/api/admin/leads/${lead.id}`)).body).toMatchObject({ organizationName: 'Ready Ltd' });
    const [entry] = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'lead.convert'));
    expect(entry).toMatchObject({ targetType: 'lead', targetId: String(lead.id), actorId: admin.id });

    const again = await send('POST', `/api/admin/leads/${lead.id}/convert`, { organizationName: 'Ready Two' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This lead has already been converted to a client');
  });

  it('links the account of a person who has one instead of inviting them again', async () => {
    const existing = await createUser(t.db, { email: 'sam@has-account.test', accountSetupComplete: true });
    await contact({ name: 'Sam Account', email: 'SAM@has-account.test' });
    const lead = await leadOf('sam@has-account.test');
    const converted = await send('POST', `/api/admin/leads/${lead.id}/convert`, {
      organizationName: 'Account Holders',
    });
    expect(converted.status).toBe(200);
    expect(converted.body.userId).toBe(existing.id);
    expect(await invitations(existing.id)).toEqual([]);
    const users = await t.db
      .select()
      .from(schema.users)
      .where(sql`lower(${schema.users.email}) = 'sam@has-account.test'`);
    expect(users).toHaveLength(1);
  });

  it('refuses a name already taken (any case) with a clear 422, and makes nothing', async () => {
    await createOrganization(t.db, { name: 'Taken Name Inc' });
    await contact({ name: 'Tom Taken', email: 'tom@taken.test' });
    const lead = await leadOf('tom@taken.test');
    const refused = await send('POST', `/api/admin/leads/${lead.id}/convert`, { organizationName: 'taken name inc' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('An organization named “taken name inc” already exists: choose another name');
    expect(refused.body.issues[0].path).toBe('organizationName');
    expect(await leadOf('tom@taken.test')).toMatchObject({ status: 'new', convertedAt: null });
    const users = await t.db.select().from(schema.users).where(eq(schema.users.email, 'tom@taken.test'));
    expect(users).toEqual([]);
  });

  it('refuses hostile names and dashboard lists with a 4xx, and unknown dashboards with 422', async () => {
    await contact({ name: 'Uma Hostile', email: 'uma@hostile.test' });
    const lead = await leadOf('uma@hostile.test');
    const path = `/api/admin/leads/${lead.id}/convert`;
    for (const body of [
      {},
      { organizationName: '' },
      { organizationName: '   ' },
      { organizationName: 'x'.repeat(201) },
      { organizationName: 42 },
      { organizationName: ['a'] },
      { organizationName: 'Nul\u0000Inc' },
      { organizationName: 'Half \udc00 Inc' },
      { organizationName: 'Ok Inc', dashboardIds: 'all' },
      { organizationName: 'Ok Inc', dashboardIds: [0] },
      { organizationName: 'Ok Inc', dashboardIds: [-5] },
      { organizationName: 'Ok Inc', dashboardIds: [1.5] },
      '{"organizationName":"Ok Inc","dashboardIds":[1e309]}',
      { organizationName: 'Ok Inc', dashboardIds: ['1e3'] },
      { organizationName: 'Ok Inc', dashboardIds: [99999999999] },
      { organizationName: 'Ok Inc', dashboardIds: [null] },
      { organizationName: 'Ok Inc', dashboardIds: [{}] },
      { organizationName: 'Ok Inc', dashboardIds: Array.from({ length: 101 }, (_, i) => i + 1) },
      { organizationName: 'Ok Inc', dashboardIds: [2_000_000_000] },
    ]) {
      const answer = await send('POST', path, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBeLessThan(500);
    }
    const unknown = await send('POST', path, { organizationName: 'Ok Inc', dashboardIds: [2_000_000_000] });
    expect(unknown).toMatchObject({ status: 422, body: { message: 'Dashboard not found' } });
    expect((await send('POST', '/api/admin/leads/999999/convert', { organizationName: 'Nobody' })).status).toBe(404);
    expect(await leadOf('uma@hostile.test')).toMatchObject({ convertedAt: null });
    const made = await t.db.select().from(schema.organizations).where(eq(schema.organizations.name, 'Ok Inc'));
    expect(made).toEqual([]);
  });

  it('ten converts of one lead at once: one 200, nine 409, one organization, one invitation', async () => {
    await contact({ name: 'Vic Crowd', email: 'vic@crowd.test' });
    const lead = await leadOf('vic@crowd.test');
    const dashboard = await createDashboard(t.db, { name: 'Crowd board' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        send('POST', `/api/admin/leads/${lead.id}/convert`, {
          organizationName: 'Crowd Co',
          dashboardIds: [dashboard.id],
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const organizations = await t.db
      .select()
      .from(schema.organizations)
      .where(eq(schema.organizations.name, 'Crowd Co'));
    expect(organizations).toHaveLength(1);
    const users = await t.db.select().from(schema.users).where(eq(schema.users.email, 'vic@crowd.test'));
    expect(users).toHaveLength(1);
    expect(await invitations(users[0]!.id)).toHaveLength(1);
    const converts = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, 'lead.convert'), eq(schema.auditLog.targetId, String(lead.id))));
    expect(converts).toHaveLength(1);
  });
});

describe('two leads converted at once to the same name', () => {
  it('make one organization: one 200, the other a 422 naming the name', async () => {
    await contact({ name: 'Xena Twin', email: 'xena@twins.test' });
    await contact({ name: 'Yuri Twin', email: 'yuri@twins.test' });
    const [x, y] = [await leadOf('xena@twins.test'), await leadOf('yuri@twins.test')];
    const answers = await Promise.all(
      [x, y].map((lead) => send('POST', `/api/admin/leads/${lead.id}/convert`, { organizationName: 'Twin Co' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    const made = await t.db
      .select()
      .from(schema.organizations)
      .where(sql`lower(${schema.organizations.name}) = 'twin co'`);
    expect(made).toHaveLength(1);
  });
});

describe('the OpenAPI document', () => {
  it('documents the list, one lead, its change and its conversion', async () => {
    const spec = await (await as(admin).get('/api/docs/json')).json();
    expect(spec.paths['/api/admin/leads'].get.responses['200'].headers['X-Total-Count']).toBeDefined();
    expect(spec.paths['/api/admin/leads/{id}'].get.responses['200']).toBeDefined();
    expect(spec.paths['/api/admin/leads/{id}'].patch.responses['422']).toBeDefined();
    const convert = spec.paths['/api/admin/leads/{id}/convert'].post;
    expect(convert.responses['409']).toBeDefined();
    // The body is a named shape of contracts/ (issue 27): a reference to its one declaration.
    expect(convert.requestBody.content['application/json'].schema).toMatchObject({
      $ref: '#/components/schemas/LeadConvert',
    });
    expect(Object.keys(spec.components.schemas.LeadConvert.properties).sort()).toEqual([
      'dashboardIds',
      'organizationName',
    ]);
  });
});

describe('leads are personal data', () => {
  it('the export includes the lead, the erase removes it', async () => {
    await contact({ name: 'Wes Private', email: 'wes@private.test' });
    const lead = await leadOf('wes@private.test');
    await send('PATCH', `/api/admin/leads/${lead.id}`, { notes: 'Prefers calls after five' });
    const exported = await get('/api/admin/personal-data?email=WES@private.test');
    expect(exported.status).toBe(200);
    expect(exported.body.leads).toEqual([expect.objectContaining({ id: lead.id, notes: 'Prefers calls after five' })]);
    const erased = await send('POST', '/api/admin/personal-data/erase', { email: 'wes@private.test' });
    expect(erased.status).toBe(200);
    expect(erased.body.leads).toBe(1);
    expect(await t.db.select().from(schema.leads).where(eq(schema.leads.id, lead.id))).toEqual([]);
  });
});
