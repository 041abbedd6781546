import * as schema from '@app/db/schema';
import { createDashboard } from '@app/db/testing';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../testing/admin';

// A Wednesday in Paris (UTC+1): today is 25 November, the week runs from Monday 23 to Sunday 29.
const now = new Date('2026-11-25T12:00:00Z');
const { t, admin, client, as } = useAdminTestApp({
  clock: { now: () => now },
  env: { BOOKING_TIMEZONE: 'Europe/Paris' },
});

const at = (iso: string) => new Date(iso);
let failingId = 0;

function booking(startsAt: string, createdAt: string, status: 'confirmed' | 'cancelled' = 'confirmed') {
  const start = at(startsAt);
  return {
    name: 'Visitor',
    email: `v-${crypto.randomUUID()}@example.com`,
    date: startsAt.slice(0, 10),
    timeLabel: '10:00 AM',
    timeZone: 'Europe/Paris',
    startsAt: start,
    endsAt: new Date(start.getTime() + 30 * 60_000),
    status,
    calendarUid: crypto.randomUUID(),
    createdAt: at(createdAt),
  };
}

/** Every kind of row on both sides of each boundary: the expected figures are counted by hand from these. */
beforeAll(async () => {
  await t.db.insert(schema.bookings).values([
    // Today in Paris: 00:30 Paris is 23:30 UTC the day before; both count for today and the week.
    booking('2026-11-24T23:30:00Z', '2026-11-01T00:00:00Z'),
    booking('2026-11-25T15:00:00Z', '2026-11-20T00:00:00Z'),
    // Cancelled today: not counted.
    booking('2026-11-25T16:00:00Z', '2026-11-01T00:00:00Z', 'cancelled'),
    // Monday 23 at 00:30 Paris (the week's start): the week, not today.
    booking('2026-11-22T23:30:00Z', '2026-11-01T00:00:00Z'),
    // Sunday 22 at 23:30 Paris: last week.
    booking('2026-11-22T22:30:00Z', '2026-11-01T00:00:00Z'),
    // Monday 30 at 00:30 Paris: next week.
    booking('2026-11-29T23:30:00Z', '2026-11-24T00:00:00Z'),
  ]);
  await t.db.insert(schema.contactMessages).values([
    { name: 'A', email: 'a@example.com', subject: 'Hi', message: 'New', createdAt: at('2026-11-24T00:00:00Z') },
    { name: 'B', email: 'b@example.com', subject: 'Hi', message: 'Old', createdAt: at('2026-11-10T00:00:00Z') },
    {
      name: 'S',
      email: 's@example.com',
      subject: 'Hi',
      message: 'Spam',
      isSpam: true,
      createdAt: at('2026-11-24T00:00:00Z'),
    },
  ]);
  const [event] = await t.db
    .insert(schema.outboxEvents)
    .values({ type: 'test.event', payload: {} })
    .returning({ id: schema.outboxEvents.id });
  await t.db.insert(schema.emailDeliveries).values([
    {
      eventId: event!.id,
      template: 'a',
      recipient: 'x@example.com',
      status: 'failed',
      createdAt: at('2026-11-24T00:00Z'),
    },
    {
      eventId: event!.id,
      template: 'b',
      recipient: 'x@example.com',
      status: 'sent',
      createdAt: at('2026-11-24T00:00Z'),
    },
    {
      eventId: event!.id,
      template: 'c',
      recipient: 'x@example.com',
      status: 'failed',
      createdAt: at('2026-11-01T00:00Z'),
    },
  ]);
  await t.db.insert(schema.signInEvents).values([
    { email: 'x@example.com', method: 'password', result: 'failure', createdAt: at('2026-11-25T06:00:00Z') },
    { email: 'x@example.com', method: 'password', result: 'success', createdAt: at('2026-11-25T06:00:00Z') },
    { email: 'x@example.com', method: 'password', result: 'failure', createdAt: at('2026-11-23T06:00:00Z') },
  ]);
  const [failing, recovered, fine] = await Promise.all([
    createDashboard(t.db, { name: 'Broken sales' }),
    createDashboard(t.db, { name: 'Recovered' }),
    createDashboard(t.db, { name: 'Fine' }),
  ]);
  failingId = failing.id;
  await t.db.insert(schema.dashboardViews).values([
    { dashboardId: failing.id, loaded: false, byAdmin: true, viewedAt: at('2026-11-24T10:00:00Z') },
    { dashboardId: failing.id, loaded: true, byAdmin: true, viewedAt: at('2026-11-23T10:00:00Z') },
    // Failed, then loaded: its check passes now.
    { dashboardId: recovered.id, loaded: false, byAdmin: true, viewedAt: at('2026-11-23T10:00:00Z') },
    { dashboardId: recovered.id, loaded: true, byAdmin: true, viewedAt: at('2026-11-24T10:00:00Z') },
    { dashboardId: fine.id, loaded: true, byAdmin: true, viewedAt: at('2026-11-24T10:00:00Z') },
  ]);
});

describe('GET /api/admin/overview', () => {
  it("counts today's and this week's consultations, new leads, failures and failed sign-ins", async () => {
    const response = await as(admin).get('/api/admin/overview');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.json();
    expect(body.consultations).toEqual({ today: 2, week: 3 });
    // A lead a person: the two who wrote (A and B, however old; the spam makes none) are new, the six bookers' leads
    // are at 'consultation' (a booking moves a lead on, migration 0027).
    expect(body.leads).toEqual({ new: 2 });
    expect(body.failures.emails).toBe(1);
    expect(typeof body.failures.jobs === 'number' || body.failures.jobs === null).toBe(true);
    expect(body.signIns).toEqual({ failed: 1 });
    expect(body.dashboards).toEqual({
      failing: 1,
      examples: [{ id: failingId, name: 'Broken sales', reason: 'The last view did not load' }],
    });
  });

  it('counts as new leads only those whose status is still new: one marked contacted leaves the count', async () => {
    const newLeads = async () => (await (await as(admin).get('/api/admin/overview')).json()).leads.new;
    const before = await newLeads();
    const [lead] = await t.db.select().from(schema.leads).where(eq(schema.leads.email, 'a@example.com'));
    const marked = await as(admin).send('PATCH', `/api/admin/leads/${lead!.id}`, { status: 'contacted' });
    expect(marked.status).toBe(200);
    expect(await newLeads()).toBe(before - 1);
    // A new contact message from a contacted lead does not make it new again.
    await t.db
      .insert(schema.contactMessages)
      .values({ name: 'A', email: 'a@example.com', subject: 'Again', message: 'Still interested' });
    expect(await newLeads()).toBe(before - 1);
  });

  it('answers 401 to anonymous callers and 403 to clients', async () => {
    expect((await as(null).get('/api/admin/overview')).status).toBe(401);
    expect((await as(client).get('/api/admin/overview')).status).toBe(403);
  });

  it('answers a crowd of admins with the same figures', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => as(admin).get('/api/admin/overview')));
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(new Set(answers.map((r) => r.status))).toEqual(new Set([200]));
    expect(new Set(bodies.map((b) => JSON.stringify({ ...b, failures: b.failures.emails })))).toHaveProperty('size', 1);
  });
});
