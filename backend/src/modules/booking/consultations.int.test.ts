import * as schema from '@app/db/schema';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../testing/admin';
import { storeBooking } from '../../../testing/booking';

// Wednesday 2026-10-28, 08:00 in New York (EDT, UTC-4).
const now = new Date('2026-10-28T12:00:00Z');
const ZONE = 'America/New_York';
const { t, admin, client, as } = useAdminTestApp({
  clock: { now: () => now },
  env: { BOOKING_TIMEZONE: ZONE, BOOKING_WINDOW_DAYS: '60' },
});

const person = { name: 'Mary Jackson', email: 'mary@example.com', businessName: 'NACA', lineOfWork: 'Engineering' };
const book = (date: string, time: string, who: Partial<typeof person> = {}) =>
  t.post('/api/booking', { ...person, ...who, date, time });

/** A booking stored directly (past ones cannot be booked through the API). */
const stored = (date: string, time: string, values: Partial<typeof schema.bookings.$inferInsert> = {}) =>
  storeBooking(t.db, ZONE, date, time, { ...person, ...values });

const list = async (query = '') => {
  const response = await as(admin).get(`/api/admin/consultations${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as { id: number; name: string; status: string; history: unknown[] }[];
};
const cancel = (id: number | string, who = admin as { cookie: string } | null) =>
  as(who).send('POST', `/api/admin/consultations/${id}/cancel`);

describe('the consultations list', () => {
  it('lists upcoming first (soonest first), then past (latest first), filters, and shows the history', async () => {
    const later = await book('2026-11-10', '02:00 PM - 02:30 PM', { name: 'Later Person', email: 'later@example.com' });
    const sooner = await book('2026-11-03', '10:00 AM - 10:30 AM', { name: 'Sooner Person', businessName: 'Acme' });
    const old = await stored('2026-10-20', '09:00 AM - 09:30 AM', { name: 'Old Person', email: 'old@example.com' });
    const older = await stored('2026-10-01', '09:00 AM - 09:30 AM', {
      name: 'Older Person',
      source: 'scheduling_service',
      externalId: 'https://api.calendly.com/scheduled_events/x/invitees/older',
    });
    const laterId = (await later.json()).id as number;
    const soonerId = (await sooner.json()).id as number;

    const all = await list();
    expect(all.map((c) => c.name).slice(0, 4)).toEqual(['Sooner Person', 'Later Person', 'Old Person', 'Older Person']);
    expect((await list('?when=upcoming')).map((c) => c.id)).toEqual([soonerId, laterId]);
    expect((await list('?when=past')).map((c) => c.id)).toEqual([old.id, older.id]);
    expect((await list('?source=scheduling_service')).map((c) => c.id)).toEqual([older.id]);
    expect((await list('?q=ACME')).map((c) => c.id)).toEqual([soonerId]);
    expect((await list('?q=later%40example')).map((c) => c.id)).toEqual([laterId]);
    // `%` and `_` are searched for as themselves.
    expect(await list('?q=%25')).toEqual([]);

    expect((await cancel(laterId)).status).toBe(202);
    const [cancelled] = await list(`?status=cancelled&q=Later`);
    expect(cancelled).toMatchObject({
      id: laterId,
      status: 'cancelled',
      email: 'later@example.com',
      source: 'form',
      history: [
        {
          kind: 'cancelled',
          changedBy: 'admin',
          actorName: 'Ada User',
          fromStartsAt: '2026-11-10T19:00:00.000Z',
          toStartsAt: null,
        },
      ],
    });
  });

  it.each([
    ['GET', '/api/admin/consultations'],
    ['POST', '/api/admin/consultations/1/cancel'],
    ['GET', '/api/admin/closed-dates'],
    ['POST', '/api/admin/closed-dates'],
    ['DELETE', '/api/admin/closed-dates/2026-12-24'],
    ['GET', '/api/admin/calendar-feed'],
    ['POST', '/api/admin/calendar-feed'],
    ['DELETE', '/api/admin/calendar-feed'],
  ])('refuses anonymous callers with 401 and non-admins with 403: %s %s', async (method, path) => {
    const body = method === 'GET' ? undefined : {};
    expect((await as(null).send(method, path, body)).status).toBe(401);
    expect((await as(client).send(method, path, body)).status).toBe(403);
  });

  it('answers hostile filters and ids with 4xx, never 500', async () => {
    for (const query of [
      '?when=soon',
      '?status=maybe',
      '?source=fax',
      `?q=${'x'.repeat(201)}`,
      '?q=%00',
      '?q=%ED%A0%80',
    ])
      expect((await as(admin).get(`/api/admin/consultations${query}`)).status, query).toBeLessThan(500);
    expect((await as(admin).get('/api/admin/consultations?when=soon')).status).toBe(422);
    for (const id of ['abc', '99999999999', '-1', '1.5', '%00'])
      expect((await cancel(id)).status, id).toBeGreaterThanOrEqual(400);
    expect((await cancel(999_999)).status).toBe(404);
  });
});

describe("cancelling on the visitor's behalf", () => {
  it('cancels, raises booking.cancelled (the e-mails), records the history and the audit, and frees the slot', async () => {
    const id = (await (await book('2026-11-04', '11:00 AM - 11:30 AM')).json()).id as number;
    const response = await cancel(id);
    expect(response.status).toBe(202);
    expect((await response.json()).message).toMatch(/cancelled/);

    const [row] = await t.db.select().from(schema.bookings).where(eq(schema.bookings.id, id));
    expect(row).toMatchObject({ status: 'cancelled', sequence: 1 });
    const events = await t.db
      .select()
      .from(schema.outboxEvents)
      .where(eq(schema.outboxEvents.type, 'booking.cancelled'));
    expect(events.filter((e) => (e.payload as { bookingId: number }).bookingId === id)).toHaveLength(1);
    const changes = await t.db.select().from(schema.bookingChanges).where(eq(schema.bookingChanges.bookingId, id));
    expect(changes).toMatchObject([{ kind: 'cancelled', changedBy: 'admin', actorUserId: admin.id }]);
    const audit = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'booking.cancel'));
    expect(audit.find((a) => a.targetId === String(id))).toMatchObject({ actorId: admin.id, targetType: 'booking' });
    const { availableTimes } = await (await t.get('/api/booking/availability?date=2026-11-04')).json();
    expect(availableTimes).toContain('11:00 AM - 11:30 AM');
  });

  it('refuses a cancelled or past consultation with 409', async () => {
    const id = (await (await book('2026-11-05', '11:00 AM - 11:30 AM')).json()).id as number;
    expect((await cancel(id)).status).toBe(202);
    const again = await cancel(id);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('This consultation is already cancelled.');
    const past = await stored('2026-10-21', '10:00 AM - 10:30 AM');
    const refused = await cancel(past.id);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe('This consultation has already taken place.');
    // A booking made in the scheduling service is changed there: its invitee is told by the service, not by us.
    const widget = await stored('2026-11-19', '10:00 AM - 10:30 AM', {
      source: 'scheduling_service',
      externalId: 'https://api.calendly.com/scheduled_events/w/invitees/w',
    });
    const elsewhere = await cancel(widget.id);
    expect(elsewhere.status).toBe(409);
    expect((await elsewhere.json()).message).toMatch(/scheduling service/);
  });

  it('of many parallel cancels of one booking, exactly one succeeds and one event is raised', async () => {
    const id = (await (await book('2026-11-06', '01:00 PM - 01:30 PM')).json()).id as number;
    const responses = await Promise.all(Array.from({ length: 8 }, () => cancel(id)));
    expect(responses.map((r) => r.status).sort()).toEqual([202, ...Array(7).fill(409)]);
    const events = await t.db
      .select()
      .from(schema.outboxEvents)
      .where(eq(schema.outboxEvents.type, 'booking.cancelled'));
    expect(events.filter((e) => (e.payload as { bookingId: number }).bookingId === id)).toHaveLength(1);
    const [row] = await t.db.select().from(schema.bookings).where(eq(schema.bookings.id, id));
    expect(row!.sequence).toBe(1);
  });
});

describe('closed days and the booking window', () => {
  const closed = (body: unknown) => as(admin).send('POST', '/api/admin/closed-dates', body);

  it('refuses a booking on a closed day with 422, marks it in the month, and opens it again once removed', async () => {
    const added = await closed({ date: '2026-11-26', label: 'Thanksgiving' });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ date: '2026-11-26', label: 'Thanksgiving' });
    expect((await closed({ date: '2026-11-26' })).status).toBe(409);

    const refused = await book('2026-11-26', '10:00 AM - 10:30 AM');
    expect(refused.status).toBe(422);
    expect((await refused.json()).message).toBe("We're closed on that day. Please choose another date.");
    const day = await t.get('/api/booking/availability?date=2026-11-26');
    expect(day.status).toBe(422);
    const month = await (await t.get('/api/booking/availability/month?month=2026-11')).json();
    expect(month.closedDates).toEqual(['2026-11-26']);
    expect(month.availableDates).not.toContain('2026-11-26');
    expect(month.availableDates).toContain('2026-11-25');

    expect(await (await as(admin).get('/api/admin/closed-dates')).json()).toMatchObject([{ date: '2026-11-26' }]);
    const audit = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.targetType, 'closed_date'));
    expect(audit.map((a) => a.action)).toEqual(['closed_date.create']);

    expect((await as(admin).send('DELETE', '/api/admin/closed-dates/2026-11-26')).status).toBe(204);
    expect((await as(admin).send('DELETE', '/api/admin/closed-dates/2026-11-26')).status).toBe(404);
    expect((await as(admin).send('DELETE', '/api/admin/closed-dates/not-a-date')).status).toBe(404);
    expect((await book('2026-11-26', '10:00 AM - 10:30 AM')).status).toBe(201);
  });

  it('refuses bad closed days with 422', async () => {
    for (const body of [
      {},
      { date: '2026-02-30' },
      { date: 'soon' },
      { date: '2026-12-01', label: 'x'.repeat(101) },
      { date: 5 },
    ])
      expect((await closed(body)).status, JSON.stringify(body)).toBe(422);
  });

  it('refuses a past day with 422 and closes today', async () => {
    const past = await closed({ date: '2026-10-27' });
    expect(past.status).toBe(422);
    expect((await past.json()).message).toBe('That day has passed. Only today or a later day can be closed.');
    expect((await closed({ date: '2020-01-01' })).status).toBe(422);
    expect((await closed({ date: '2026-10-28', label: 'Today' })).status).toBe(201);
    const days = (await (await as(admin).get('/api/admin/closed-dates')).json()) as { date: string }[];
    expect(days.map((d) => d.date)).toContain('2026-10-28');
    expect(days.map((d) => d.date)).not.toContain('2026-10-27');
  });

  it('answers a day with confirmed consultations 409 with them, and closes it only when the request confirms', async () => {
    const first = (await (await book('2026-11-05', '02:00 PM - 02:30 PM')).json()).id as number;
    const second = (await (await book('2026-11-05', '10:00 AM - 10:30 AM', { name: 'Katherine J' })).json())
      .id as number;
    const gone = (await (await book('2026-11-05', '11:00 AM - 11:30 AM', { name: 'Gone' })).json()).id as number;
    expect((await cancel(gone)).status).toBe(202);

    const warned = await closed({ date: '2026-11-05', label: 'Offsite' });
    expect(warned.status).toBe(409);
    const body = await warned.json();
    expect(body.message).toBe('Consultations are booked on that day. Move or cancel them, or close the day anyway.');
    // The confirmed ones only, soonest first, as the consultations list shows them.
    expect(body.consultations.map((c: { id: number }) => c.id)).toEqual([second, first]);
    expect(body.consultations[0]).toMatchObject({ name: 'Katherine J', status: 'confirmed', date: '2026-11-05' });
    const closedDays = async () =>
      ((await (await as(admin).get('/api/admin/closed-dates')).json()) as { date: string }[]).map((d) => d.date);
    expect(await closedDays()).not.toContain('2026-11-05');
    expect((await closed({ date: '2026-11-05', confirm: 'yes' })).status).toBe(422);

    const forced = await closed({ date: '2026-11-05', label: 'Offsite', confirm: true });
    expect(forced.status).toBe(201);
    // They stay booked; the audit entry says how many there were.
    expect((await list('?status=confirmed')).map((c) => c.id)).toEqual(expect.arrayContaining([first, second]));
    const [entry] = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.targetId, '2026-11-05'));
    expect(entry?.changes).toMatchObject({ date: '2026-11-05', confirmedConsultations: 2 });
    // A day without confirmed consultations needs no confirmation.
    expect((await closed({ date: '2026-11-06' })).status).toBe(201);
  });

  it('answers parallel and hostile closings with one 201 and clear 4xx, never a 500', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => closed({ date: '2026-11-12' })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const body of [
      { date: '2026-11-13', label: 'Nul\u0000byte' },
      { date: '2026-11-13', label: 'lone \ud800 surrogate' },
      { date: '2026-11-13', confirm: 1e308 },
      { date: '9999999-01-01' },
    ])
      expect((await closed(body)).status, JSON.stringify(body)).toBeLessThan(500);
  });

  it('refuses days beyond the window with 422 and leaves them out of the month', async () => {
    // Today 2026-10-28 + 60 days = 2026-12-27 (a Sunday): the last weekday is Friday the 25th.
    const refused = await book('2026-12-28', '10:00 AM - 10:30 AM');
    expect(refused.status).toBe(422);
    expect((await refused.json()).message).toBe('Bookings open up to 60 days ahead. Please choose an earlier date.');
    expect((await t.get('/api/booking/availability?date=2026-12-28')).status).toBe(422);
    const december = await (await t.get('/api/booking/availability/month?month=2026-12')).json();
    expect(december.lastDate).toBe('2026-12-27');
    expect(december.availableDates.at(-1)).toBe('2026-12-25');
    expect((await (await t.get('/api/booking/availability/month?month=2027-01')).json()).availableDates).toEqual([]);
    expect((await book('2026-12-24', '10:00 AM - 10:30 AM')).status).toBe(201);
  });
});

describe('the private calendar feed', () => {
  const feedPath = (url: string) => new URL(url).pathname;

  it('is made once, lists every confirmed consultation as one event, and answers 404 once revoked', async () => {
    expect(await (await as(admin).get('/api/admin/calendar-feed')).json()).toEqual({ active: false, createdAt: null });
    const made = await as(admin).send('POST', '/api/admin/calendar-feed');
    expect(made.status).toBe(201);
    const { url } = await made.json();
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar-feed\/[a-z2-7]{32}\.ics$/);
    expect((await (await as(admin).get('/api/admin/calendar-feed')).json()).active).toBe(true);
    // Only the hash is kept.
    const [feed] = await t.db.select().from(schema.calendarFeeds);
    expect(url).not.toContain(feed!.tokenHash);

    const id = (await (await book('2026-11-11', '09:00 AM - 09:30 AM', { name: 'Feed Person' })).json()).id as number;
    const gone = (await (await book('2026-11-11', '10:00 AM - 10:30 AM', { name: 'Gone Person' })).json()).id as number;
    await cancel(gone);
    await stored('2026-09-01', '09:00 AM - 09:30 AM', { name: 'Too Old' });

    const response = await t.get(feedPath(url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = await response.text();
    expect(text).not.toMatch(/^METHOD:/m);
    const calendar = new ICAL.Component(ICAL.parse(text));
    const events = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    const names = events.map((e) => e.summary);
    expect(names).toContain('Consultation: Feed Person');
    expect(names).not.toContain('Consultation: Gone Person');
    expect(names).not.toContain('Consultation: Too Old');
    const [row] = await t.db.select().from(schema.bookings).where(eq(schema.bookings.id, id));
    const event = events.find((e) => e.uid === row!.calendarUid)!;
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-11T14:00:00.000Z');
    expect(event.sequence).toBe(0);
    expect(event.description).toContain('Business: NACA');
    expect(event.description).toContain('mary@example.com');

    // A new feed replaces the old one; revoking leaves none.
    const second = (await (await as(admin).send('POST', '/api/admin/calendar-feed')).json()).url as string;
    expect((await t.get(feedPath(url))).status).toBe(404);
    expect((await t.get(feedPath(second))).status).toBe(200);
    expect((await as(admin).send('DELETE', '/api/admin/calendar-feed')).status).toBe(204);
    const revoked = await t.get(feedPath(second));
    expect(revoked.status).toBe(404);
    expect((await as(admin).send('DELETE', '/api/admin/calendar-feed')).status).toBe(404);
    const audit = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.targetType, 'calendar_feed'));
    expect(audit.map((a) => a.action)).toEqual([
      'calendar_feed.create',
      'calendar_feed.create',
      'calendar_feed.revoke',
    ]);
    // No token in the audit.
    expect(JSON.stringify(audit)).not.toContain(second.split('/').at(-1)!.replace('.ics', ''));
  });

  it('answers the same 404 for unknown and malformed tokens', async () => {
    const bodies = new Set<string>();
    for (const file of [
      'abcdefghijklmnopqrstuvwxyz234567.ics',
      'x.ics',
      'abc',
      '%00.ics',
      'a'.repeat(299),
      `${'b'.repeat(400)}.ics`,
      '..%2F..%2Fetc.ics',
    ]) {
      const response = await t.get(`/api/calendar-feed/${file}`);
      expect(response.status, file).toBe(404);
      bodies.add(await response.text());
    }
    expect(bodies.size).toBe(1);
  });
});
