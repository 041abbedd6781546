import * as schema from '@app/db/schema';
import { addMembership, createDashboard, createOrganization, createUser, linkDashboard } from '@app/db/testing';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../testing/admin';
import { contactMessage } from '../../../testing/contact';

const { t, as, admin, client, signIn } = useAdminTestApp();

let counter = 0;
const HOUR = 3600_000;

/** Every row of every table that names `address` in a text or JSON column (columns read from information_schema). */
async function rowsNaming(address: string) {
  const columns = await t.db.execute<{ table_name: string; column_name: string; data_type: string }>(sql`
    select c.table_name, c.column_name, c.data_type from information_schema.columns c
    join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
    where c.table_schema = 'public' and tb.table_type = 'BASE TABLE'
      and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')`);
  expect(columns.length).toBeGreaterThan(30);
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const [row] = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where strpos(lower(${sql.identifier(column_name)}::text), ${address.toLowerCase()}) > 0`,
    );
    if (row && row.n > 0) found.push(`${table_name}.${column_name} (${row.n})`);
  }
  return found;
}

// Confirmed bookings may not overlap (issue 16's exclusion constraint): each person's past booking gets its own hour.
let pastBookings = 0;

/** Someone with every kind of record the product keeps, under `Address` written in mixed case here and there. */
async function personWithEverything(tag: string) {
  const email = `erin.${tag}@example.com`;
  const mixed = `Erin.${tag.toUpperCase()}@Example.COM`;
  const now = Date.now();
  // A contact message through the form itself, and one typed in another case.
  expect((await t.post('/api/contact', contactMessage({ email: mixed, name: 'Erin Erased' }))).status).toBe(201);
  await t.db
    .insert(schema.contactMessages)
    .values({ name: 'Erin', email, subject: 'Again', message: `Reply to ${email}` });
  const [past] = await t.db
    .insert(schema.bookings)
    .values({
      name: 'Erin Erased',
      email: mixed,
      businessName: 'Erin Ltd',
      lineOfWork: 'Retail',
      date: '2020-01-06',
      timeLabel: '09:00 AM - 09:30 AM',
      timeZone: 'UTC',
      startsAt: new Date(now - (48 + ++pastBookings) * HOUR),
      endsAt: new Date(now - (47.5 + pastBookings) * HOUR),
      calendarUid: `uid-${tag}`,
      cancelTokenHash: `hash-${tag}`,
    })
    .returning();
  await t.db.insert(schema.bookingChanges).values({
    bookingId: past!.id,
    kind: 'rescheduled',
    fromStartsAt: new Date(now - 72 * HOUR),
    fromEndsAt: new Date(now - 71.5 * HOUR),
    toStartsAt: past!.startsAt,
    toEndsAt: past!.endsAt,
    changedBy: 'visitor',
  });
  await t.db.insert(schema.bookingTokens).values({ bookingId: past!.id, tokenHash: `token-${tag}` });
  const user = await createUser(t.db, { email, firstName: 'Erin', passwordHash: 'argon2-secret-hash' });
  const organization = await createOrganization(t.db);
  await addMembership(t.db, organization.id, user.id);
  await t.db.insert(schema.sessions).values({
    id: `session-hash-${tag}`,
    userId: user.id,
    expiresAt: new Date(now + HOUR),
    ipAddress: '203.0.113.9',
    userAgent: 'Firefox',
  });
  const dashboard = await createDashboard(t.db);
  await t.db.insert(schema.dashboardViews).values({ dashboardId: dashboard.id, userId: user.id });
  // A report subscription (issue 29) that mailed her a file, and that she then turned off.
  await linkDashboard(t.db, organization.id, dashboard.id);
  const [subscription] = await t.db
    .insert(schema.reportSubscriptions)
    .values({
      organizationId: organization.id,
      dashboardId: dashboard.id,
      frequency: 'weekly',
      weekday: 1,
      time: '08:00',
      timeZone: 'UTC',
      format: 'PDF',
      nextRunAt: new Date(now + 24 * HOUR),
    })
    .returning();
  const [run] = await t.db
    .insert(schema.subscriptionRuns)
    .values({ subscriptionId: subscription!.id, trigger: 'send-now', state: 'sent' })
    .returning();
  await t.db.insert(schema.subscriptionDeliveries).values({
    runId: run!.id,
    subscriptionId: subscription!.id,
    organizationId: organization.id,
    userId: user.id,
    email: mixed,
    fileName: 'Sales.pdf',
    status: 'sent',
    sentAt: new Date(now),
  });
  await t.db
    .insert(schema.subscriptionUnsubscribes)
    .values({ subscriptionId: subscription!.id, userId: user.id, via: 'link' });
  await t.db.insert(schema.signInEvents).values([
    { userId: user.id, email, method: 'password', result: 'success', ipAddress: '203.0.113.9', userAgent: 'Firefox' },
    { email: mixed, method: 'password', result: 'failure', reason: 'invalid_credentials', ipAddress: '203.0.113.9' },
  ]);
  // Someone else once asked to move their account to this address.
  const other = await createUser(t.db);
  await t.db.insert(schema.emailChanges).values({ userId: other.id, newEmail: mixed });
  // An admin action about Erin (its audit names her), and one by Erin.
  expect((await as(admin).send('POST', `/api/admin/users/${user.id}/toggle-admin`, { isAdmin: true })).status).toBe(
    200,
  );
  await t.db.insert(schema.auditLog).values({
    actorId: user.id,
    actorEmail: email,
    action: 'organization.update',
    targetType: 'organization',
    targetId: String(organization.id),
    changes: { note: `changed by ${mixed}` },
  });
  const [event] = await t.db
    .insert(schema.outboxEvents)
    .values({ type: 'contact.received', payload: { to: email } })
    .returning();
  await t.db.insert(schema.emailDeliveries).values({
    eventId: event!.id,
    template: 'contact-confirmation',
    recipient: mixed,
    status: 'failed',
    lastError: `550 mailbox ${email} unavailable`,
  });
  return { email, mixed, user, past: past! };
}

describe('personal data: export (issue 18)', () => {
  it('hands over every kind of record stored about the address, whatever its case, without any hash', async () => {
    const { mixed, user } = await personWithEverything(`export${++counter}`);
    const response = await as(admin).get(`/api/admin/personal-data?email=${encodeURIComponent(mixed.toUpperCase())}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-disposition')).toContain('attachment');
    const data = await response.json();
    expect(data.contactMessages).toHaveLength(2);
    expect(data.bookings).toHaveLength(1);
    expect(data.bookings[0].history).toHaveLength(1);
    expect(data.bookings[0]).toMatchObject({ businessName: 'Erin Ltd', lineOfWork: 'Retail' });
    expect(data.account).toMatchObject({ id: user.id, firstName: 'Erin', hasPassword: true });
    expect(data.memberships).toHaveLength(1);
    expect(data.sessions).toEqual([expect.objectContaining({ ipAddress: '203.0.113.9', userAgent: 'Firefox' })]);
    expect(data.emailChanges).toHaveLength(1);
    expect(data.dashboardViews).toHaveLength(1);
    expect(data.auditEntries.map((e: { action: string }) => e.action)).toEqual(['user.grant-admin']);
    // What Erin did to an organization: listed as what and when only (issue 26).
    expect(data.actionsOnOthers).toEqual([
      {
        id: expect.any(Number),
        action: 'organization.update',
        targetType: 'organization',
        createdAt: expect.any(String),
      },
    ]);
    // The entries as they were written, not the list's search text made from them.
    for (const entry of data.auditEntries) expect(Object.keys(entry)).not.toContain('searchText');
    expect(data.signInEvents).toHaveLength(2);
    expect(data.emailDeliveries).toHaveLength(1);
    expect(data.reportEmailsSent).toEqual([
      expect.objectContaining({ email: mixed, fileName: 'Sales.pdf', status: 'sent' }),
    ]);
    expect(data.reportEmailsTurnedOff).toEqual([expect.objectContaining({ via: 'link' })]);
    const text = JSON.stringify(data);
    for (const secret of [
      'argon2-secret-hash',
      'session-hash-',
      `hash-export`,
      'token-export',
      'passwordHash',
      'tokenHash',
    ])
      expect(text).not.toContain(secret);
  });

  it('is recorded in the audit log by the address hash, never the address', async () => {
    const email = `audited${++counter}@example.com`;
    await as(admin).get(`/api/admin/personal-data?email=${email}`);
    const [entry] = await (await as(admin).get('/api/admin/audit')).json();
    expect(entry).toMatchObject({
      action: 'personal_data.export',
      changes: { addressSha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect(JSON.stringify(entry)).not.toContain(email);
  });
});

describe('personal data: erase (issue 18)', () => {
  it('leaves no row of any table naming the address', async () => {
    const tag = `erase${++counter}`;
    const { email, mixed, user } = await personWithEverything(tag);
    expect((await rowsNaming(email)).length).toBeGreaterThan(5);

    const response = await as(admin).send('POST', '/api/admin/personal-data/erase', { email: mixed });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      contactMessages: 2,
      bookings: 1,
      account: true,
      dashboardViews: 1,
      signInEvents: 2,
      emailDeliveries: 1,
    });
    expect(await rowsNaming(email)).toEqual([]);
    // What stays keeps an anonymous marker.
    const marker = `erased-user-${user.id}@invalid`;
    const signIns = await t.db.select().from(schema.signInEvents).where(sql`${schema.signInEvents.email} = ${marker}`);
    expect(signIns).toHaveLength(2);
    expect(signIns.every((e) => e.ipAddress === null && e.userAgent === null)).toBe(true);
    const audit = await (await as(admin).get('/api/admin/audit')).json();
    expect(audit[0]).toMatchObject({
      action: 'personal_data.erase',
      targetType: 'person',
      targetId: `erased-user-${user.id}`,
    });
    expect(
      audit.find((e: { action: string; targetId: string }) => e.action === 'user.grant-admin' && e.targetId === marker),
    ).toBeDefined();
    // The person can no longer be found at all: a second export is empty.
    const again = await (await as(admin).get(`/api/admin/personal-data?email=${email}`)).json();
    expect(again).toMatchObject({
      contactMessages: [],
      bookings: [],
      account: null,
      signInEvents: [],
      emailDeliveries: [],
    });
  });

  it('spares addresses that only contain the erased one', async () => {
    const email = `alike${++counter}@example.com`;
    const lookalikes = [`x${email}`, `${email}.au`, `${email.replace('@', '+tag@')}`];
    for (const other of lookalikes) await createUser(t.db, { email: other });
    await t.db.insert(schema.contactMessages).values({
      name: 'Neighbour',
      email: lookalikes[0]!,
      subject: 'Hi',
      message: `Write to ${lookalikes[1]} or ${email}, please.`,
    });
    expect((await as(admin).send('POST', '/api/admin/personal-data/erase', { email })).status).toBe(200);
    const stored = await t.db.select({ email: schema.users.email }).from(schema.users);
    for (const other of lookalikes) expect(stored.map((u) => u.email)).toContain(other);
    const [message] = await t.db
      .select()
      .from(schema.contactMessages)
      .where(sql`${schema.contactMessages.email} = ${lookalikes[0]}`);
    expect(message?.message).toBe(`Write to ${lookalikes[1]} or erased@invalid, please.`);
  });

  it('erases an address that has no account (a visitor), and two erases at once do it once', async () => {
    const email = `visitor${++counter}@example.com`;
    await t.post('/api/contact', contactMessage({ email }));
    const [first, second] = await Promise.all([
      as(admin).send('POST', '/api/admin/personal-data/erase', { email }),
      as(admin).send('POST', '/api/admin/personal-data/erase', { email }),
    ]);
    const results = [await first!.json(), await second!.json()];
    expect(results.map((r) => r.contactMessages).sort()).toEqual([0, 1]);
    expect(await rowsNaming(email)).toEqual([]);
  });

  it('refuses while the address has an upcoming consultation, and erases once it is cancelled', async () => {
    const email = `booked${++counter}@example.com`;
    const [booking] = await t.db
      .insert(schema.bookings)
      .values({
        name: 'Booked',
        email,
        date: '2099-01-05',
        timeLabel: '09:00 AM - 09:30 AM',
        timeZone: 'UTC',
        startsAt: new Date(Date.now() + (24 + counter) * HOUR),
        endsAt: new Date(Date.now() + (24.5 + counter) * HOUR),
        calendarUid: `uid-booked-${counter}`,
      })
      .returning();
    const refused = await as(admin).send('POST', '/api/admin/personal-data/erase', { email });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toContain('upcoming consultation');
    expect(await rowsNaming(email)).not.toEqual([]);
    await t.db.update(schema.bookings).set({ status: 'cancelled' }).where(sql`${schema.bookings.id} = ${booking!.id}`);
    expect((await as(admin).send('POST', '/api/admin/personal-data/erase', { email })).status).toBe(200);
    expect(await rowsNaming(email)).toEqual([]);
  });

  it("refuses the administrator's own account", async () => {
    const response = await as(admin).send('POST', '/api/admin/personal-data/erase', {
      email: admin.email.toUpperCase(),
    });
    expect(response.status).toBe(409);
    expect((await response.json()).message).toContain('your own account');
  });

  it('erases another administrator (an admin remains)', async () => {
    const other = await signIn({ isAdmin: true });
    expect((await as(admin).send('POST', '/api/admin/personal-data/erase', { email: other.email })).status).toBe(200);
    expect((await as(other).get('/api/admin/audit')).status).toBe(401);
  });

  it('is for admins only, and refuses what is no address', async () => {
    for (const who of [null, client]) {
      const expected = who ? 403 : 401;
      expect((await as(who).get('/api/admin/personal-data?email=a@example.com')).status).toBe(expected);
      expect((await as(who).send('POST', '/api/admin/personal-data/erase', { email: 'a@example.com' })).status).toBe(
        expected,
      );
    }
    for (const email of ['', 'not-an-address', 'a\u0000@example.com', `${'a'.repeat(300)}@example.com`]) {
      expect((await as(admin).send('POST', '/api/admin/personal-data/erase', { email })).status, email).toBe(422);
      expect((await as(admin).get(`/api/admin/personal-data?email=${encodeURIComponent(email)}`)).status, email).toBe(
        422,
      );
    }
    expect((await as(admin).get('/api/admin/personal-data')).status).toBe(422);
  });
});
