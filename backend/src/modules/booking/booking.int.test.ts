import { DEFAULT_TIME_SLOTS } from '@app/contracts';
import { GOOGLE_CALENDAR_URL, hashToken, OUTLOOK_CALENDAR_URL } from '@app/contracts/server';
import * as schema from '@app/db/schema';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../testing/app';
import { slotAnswer } from '../../../testing/booking';
import { slotInterval } from './booking.service';
import { signWebhook } from './webhook.service';

// Wednesday 2026-10-28, 08:00 in New York (EDT, UTC-4).
const now = new Date('2026-10-28T12:00:00Z');
const clock = { now: () => now };
const ZONE = 'America/New_York';
const KEY = 'test-signing-key-123';
const t = useTestApp({
  clock,
  env: {
    BOOKING_TIMEZONE: ZONE,
    SCHEDULING_WEBHOOK_SIGNING_KEY: KEY,
    MEETING_URL_TEMPLATE: 'https://meet.example.com/lucid-{bookingId}',
  },
});

const person = { name: 'Mary Jackson', email: 'mary@example.com', businessName: 'NACA', lineOfWork: 'Engineering' };
const availability = async (date: string) => t.get(`/api/booking/availability?date=${date}`);
const book = (date: string, time: string, headers: Record<string, string> = {}) =>
  t.post('/api/booking', { ...person, date, time }, headers);
/** The default slots (spec section 7), the ones of a free weekday. */
const ALL = [...DEFAULT_TIME_SLOTS];

describe('availability', () => {
  it('offers every default slot of a free weekday, in the company time zone', async () => {
    const response = await availability('2026-11-04');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ date: '2026-11-04', timeZone: ZONE, availableTimes: ALL });
  });

  it('leaves out slots that start within 2 hours from now', async () => {
    // 08:00 now: 09:00 starts in 1 hour, 10:00 in exactly 2.
    const { availableTimes } = await (await availability('2026-10-28')).json();
    expect(availableTimes).toEqual(ALL.slice(1));
  });

  it.each([
    ['2026-10-31', 'Consultations are offered Monday to Friday. Please choose a weekday.'],
    ['2026-11-01', 'Consultations are offered Monday to Friday. Please choose a weekday.'],
    ['2026-10-27', 'Please choose a date from today on.'],
    ['2026-13-01', 'Please select a valid date'],
    ['tomorrow', 'Please select a valid date'],
  ])('refuses %s with a clear message', async (date, message) => {
    const response = await availability(date);
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe(message);
  });

  it('leaves out busy time copied from the company calendar', async () => {
    await t.db.insert(schema.calendarBusy).values({
      startsAt: new Date('2026-11-05T15:15:00Z'), // 10:15-11:15 EST: overlaps 10:00 and 11:00
      endsAt: new Date('2026-11-05T16:15:00Z'),
      uid: 'dentist@example.com',
    });
    const { availableTimes } = await (await availability('2026-11-05')).json();
    expect(availableTimes).toEqual(ALL.filter((s) => !s.startsWith('10:00') && !s.startsWith('11:00')));
  });
});

describe('availability of a month (the date picker)', () => {
  const month = (value: string) => t.get(`/api/booking/availability/month?month=${value}`);

  it('lists the weekdays from today on that have a free slot, leaving out weekends and full days', async () => {
    // Fill Thursday 2026-10-29 completely: it has no free slot left.
    for (const slot of ALL)
      await t.db.insert(schema.bookings).values({
        ...person,
        date: '2026-10-29',
        timeLabel: slot,
        timeZone: ZONE,
        ...slotInterval('2026-10-29', slot, ZONE)!,
        calendarUid: `full-day-${slot}@test`,
      });
    expect((await (await availability('2026-10-29')).json()).availableTimes).toEqual([]);
    const response = await month('2026-10');
    expect(response.status).toBe(200);
    // Today is Wednesday the 28th (free slots from 10:00 on); the 29th is full; the 30th free; the 31st a Saturday.
    expect(await response.json()).toEqual({
      month: '2026-10',
      timeZone: ZONE,
      availableDates: ['2026-10-28', '2026-10-30'],
      closedDates: [],
      lastDate: '2026-12-27',
    });
    const november = (await (await month('2026-11')).json()).availableDates as string[];
    expect(november).toHaveLength(21);
    expect(november.every((date) => ![0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay()))).toBe(true);
  });

  it('answers a past month with no days, and refuses a malformed month with 422', async () => {
    expect(await (await month('2026-09')).json()).toMatchObject({ availableDates: [] });
    for (const bad of ['2026-13', '2026-1', 'next', '', '2026-10%00', '99999-01']) {
      const response = await month(bad);
      expect(response.status, bad).toBe(422);
      expect((await response.json()).message).toMatch(/month/);
    }
  });
});

describe('booking', () => {
  it('stores the slot as UTC on both sides of the daylight-saving change and raises booking.created', async () => {
    const before = await book('2026-10-30', '09:00 AM - 09:30 AM'); // Friday, EDT
    const after = await book('2026-11-02', '09:00 AM - 09:30 AM'); // Monday, EST
    expect(before.status).toBe(201);
    expect(after.status).toBe(201);
    expect(await before.json()).toMatchObject({
      startsAt: '2026-10-30T13:00:00.000Z',
      endsAt: '2026-10-30T13:30:00.000Z',
    });
    const body = await after.json();
    expect(body).toMatchObject({
      ...slotAnswer(ZONE, '2026-11-02', '09:00 AM - 09:30 AM', '2026-11-02T14:00:00.000Z', '2026-11-02T14:30:00.000Z'),
      message: 'Your consultation is booked! Check your email for confirmation details.',
    });
    const [row] = await t.db.select().from(schema.bookings).where(eq(schema.bookings.id, body.id));
    expect(row).toMatchObject({ ...person, status: 'confirmed', source: 'form' });
    const events = await t.db.select().from(schema.outboxEvents).where(eq(schema.outboxEvents.type, 'booking.created'));
    expect(events.map((e) => e.payload)).toContainEqual({ bookingId: body.id });
    const { availableTimes } = await (await availability('2026-11-02')).json();
    expect(availableTimes).not.toContain('09:00 AM - 09:30 AM');
  });

  it.each([
    [{ name: 'M' }, 'name', 'Name must be at least 2 characters'],
    [{ email: 'mary' }, 'email', 'Please enter a valid email address'],
    [{ date: '' }, 'date', 'Please select a date'],
    [{ time: '' }, 'time', 'Please select a time'],
  ])('explains a bad field (%#)', async (override, path, message) => {
    const response = await t.post('/api/booking', { ...person, date: '2026-11-06', time: ALL[0], ...override });
    expect(response.status).toBe(422);
    expect((await response.json()).issues).toContainEqual({ path, message });
  });

  it('refuses weekends, past dates, unknown labels and slots too soon, as the date picker does', async () => {
    const cases: [string, string, string][] = [
      ['2026-10-31', ALL[0]!, 'Consultations are offered Monday to Friday. Please choose a weekday.'],
      ['2026-10-26', ALL[0]!, 'Please choose a date from today on.'],
      ['2026-11-06', '09:15 AM - 09:45 AM', 'Please choose one of the offered times.'],
      ['2026-10-28', '09:00 AM - 09:30 AM', 'This time is too soon. Please choose a time at least 2 hours from now.'],
    ];
    for (const [date, time, message] of cases) {
      const response = await book(date, time);
      expect(response.status).toBe(422);
      expect((await response.json()).message).toBe(message);
    }
  });

  it('gives 20 simultaneous requests for one slot exactly one booking; the 19 others get 409', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => book('2026-11-09', '02:00 PM - 02:30 PM')));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const loser = responses.find((r) => r.status === 409)!;
    expect((await loser.json()).message).toBe('This time is no longer available. Please choose another time.');
    const rows = await t.db.select().from(schema.bookings).where(eq(schema.bookings.date, '2026-11-09'));
    expect(rows).toHaveLength(1);
  });

  it('refuses a slot the company calendar marks busy', async () => {
    const response = await book('2026-11-05', '10:00 AM - 10:30 AM');
    expect(response.status).toBe(409);
  });

  it('allows 5 bookings per 10 minutes from one address', async () => {
    const ip = { 'x-forwarded-for': '198.51.100.7' };
    const slots = ALL.slice(0, 6);
    const statuses = [];
    for (const slot of slots) statuses.push((await book('2026-11-10', slot, ip)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('cancelling through the link (D15)', () => {
  it('shows the booking, frees the slot, raises booking.cancelled, and is harmless twice', async () => {
    const created = await (await book('2026-11-11', '11:00 AM - 11:30 AM')).json();
    const token = 'cancel-token-for-test-0123456789';
    await t.db
      .update(schema.bookings)
      .set({ cancelTokenHash: hashToken(token) })
      .where(eq(schema.bookings.id, created.id));

    const shown = await t.get(`/api/booking/cancel/${token}`);
    expect(await shown.json()).toMatchObject({
      name: person.name,
      date: '2026-11-11',
      time: '11:00 AM - 11:30 AM',
      status: 'confirmed',
    });
    const cancelled = await t.post('/api/booking/cancel', { token });
    expect(cancelled.status).toBe(200);
    expect((await cancelled.json()).message).toContain('cancelled');
    expect((await (await t.get(`/api/booking/cancel/${token}`)).json()).status).toBe('cancelled');
    const { availableTimes } = await (await availability('2026-11-11')).json();
    expect(availableTimes).toContain('11:00 AM - 11:30 AM');
    const events = await t.db
      .select()
      .from(schema.outboxEvents)
      .where(eq(schema.outboxEvents.type, 'booking.cancelled'));
    expect(events.map((e) => e.payload)).toEqual([{ bookingId: created.id }]);
    expect((await t.post('/api/booking/cancel', { token })).status).toBe(200);
    expect(
      await t.db.select().from(schema.outboxEvents).where(eq(schema.outboxEvents.type, 'booking.cancelled')),
    ).toHaveLength(1);
    // The slot can be booked again.
    expect((await book('2026-11-11', '11:00 AM - 11:30 AM')).status).toBe(201);
  });

  it('answers an unknown link with 404 and a clear message', async () => {
    const response = await t.get('/api/booking/cancel/not-a-real-token');
    expect(response.status).toBe(404);
    expect((await response.json()).message).toBe('This cancellation link is invalid or has expired.');
    expect((await t.post('/api/booking/cancel', { token: 'not-a-real-token' })).status).toBe(404);
  });
});

describe("the booker's confirmation: zones, e-mail, calendar file, own cancel link", () => {
  it("answers the UTC slot, the e-mail and working links that do not replace the e-mail's link", async () => {
    const response = await book('2026-11-16', '01:00 PM - 01:30 PM');
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({
      ...slotAnswer(ZONE, '2026-11-16', '01:00 PM - 01:30 PM', '2026-11-16T18:00:00.000Z', '2026-11-16T18:30:00.000Z'),
      email: person.email,
    });
    expect(body.cancelUrl).toMatch(/^\/booking\/cancel\?token=[a-z0-9]{32}$/);
    const token = new URL(body.cancelUrl, 'http://x').searchParams.get('token')!;
    expect(body.calendarUrl).toBe(`/api/booking/calendar/${token}`);
    // The token is not the booking's e-mail token (which the worker mints later, D7), and is kept only hashed.
    const [row] = await t.db.select().from(schema.bookings).where(eq(schema.bookings.id, body.id));
    expect(row?.cancelTokenHash).toBeNull();
    expect(await t.deps.redis.get(`${t.queuePrefix}:booking-link:${token}`)).toBeNull();
    expect(await t.deps.redis.get(`${t.queuePrefix}:booking-link:${hashToken(token)}`)).toBe(String(body.id));

    // The worker sends the e-mail and stores its own token's hash: both links lead to the booking.
    const emailToken = 'email-token-for-test-0123456789ab';
    await t.db
      .update(schema.bookings)
      .set({ cancelTokenHash: hashToken(emailToken) })
      .where(eq(schema.bookings.id, body.id));
    for (const link of [token, emailToken]) {
      const shown = await t.get(`/api/booking/cancel/${link}`);
      expect(shown.status).toBe(200);
      expect(await shown.json()).toMatchObject({
        date: '2026-11-16',
        time: '01:00 PM - 01:30 PM',
        status: 'confirmed',
      });
    }
  });

  it("keeps the visitor's own zone (issue 26): the cancel page's summary has it, and the Google and Outlook links are in UTC", async () => {
    const response = await t.post('/api/booking', {
      ...person,
      date: '2026-11-18',
      time: '10:00 AM - 10:30 AM',
      visitorTimeZone: 'Europe/Berlin',
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    const [row] = await t.db.select().from(schema.bookings).where(eq(schema.bookings.id, body.id));
    expect(row?.visitorTimeZone).toBe('Europe/Berlin');
    expect(row?.timeZone).toBe(ZONE);

    const google = new URL(body.googleCalendarUrl);
    expect(`${google.origin}${google.pathname}`).toBe(GOOGLE_CALENDAR_URL);
    expect(google.searchParams.get('dates')).toBe('20261118T150000Z/20261118T153000Z');
    expect(google.searchParams.get('ctz')).toBe('Europe/Berlin');
    expect(google.searchParams.get('details')).toContain(
      'Your time: Wednesday, November 18, 2026, 4:00 PM - 4:30 PM GMT+1 (Europe/Berlin)',
    );
    const outlook = new URL(body.outlookCalendarUrl);
    expect(`${outlook.origin}${outlook.pathname}`).toBe(OUTLOOK_CALENDAR_URL);
    expect(outlook.searchParams.get('path')).toBe('/calendar/action/compose');
    expect(outlook.searchParams.get('startdt')).toBe('2026-11-18T15:00:00Z');
    expect(outlook.searchParams.get('enddt')).toBe('2026-11-18T15:30:00Z');
    expect(outlook.searchParams.get('location')).toBe(`https://meet.example.com/lucid-${body.id}`);

    const token = new URL(body.cancelUrl, 'http://x').searchParams.get('token')!;
    expect(await (await t.get(`/api/booking/cancel/${token}`)).json()).toMatchObject({
      startsAt: '2026-11-18T15:00:00.000Z',
      endsAt: '2026-11-18T15:30:00.000Z',
      visitorTimeZone: 'Europe/Berlin',
    });
    expect(await (await t.get(`/api/booking/reschedule/${token}`)).json()).toMatchObject({
      visitorTimeZone: 'Europe/Berlin',
    });
    // The .ics keeps the company's zone for its times, and says the visitor's.
    const ics = await (await t.get(body.calendarUrl)).text();
    expect(ics.replace(/\r\n[ \t]/g, '')).toContain('Your time: Wednesday\\, November 18\\, 2026\\, 4:00 PM');
  });

  it.each([
    ['an offset', '+01:00'],
    ['an unknown zone', 'Mars/Olympus_Mons'],
    ['a path', '../../etc/passwd'],
    ['text with a link', 'Europe/Berlin http://127.0.0.1/x'],
    ['a long name', `Europe/${'A'.repeat(200)}`],
    ['a number', 3600],
    ['an empty name', ''],
  ])('refuses %s as the visitor zone with 422 and a clear message, and books nothing', async (_, zone) => {
    const response = await t.post('/api/booking', {
      ...person,
      date: '2026-11-19',
      time: '10:00 AM - 10:30 AM',
      visitorTimeZone: zone,
    });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.issues).toEqual([
      { path: 'visitorTimeZone', message: 'Your time zone must be an IANA time zone name, such as Europe/Berlin' },
    ]);
    const rows = await t.db.select().from(schema.bookings).where(eq(schema.bookings.date, '2026-11-19'));
    expect(rows).toHaveLength(0);
  });

  it("serves the .ics with the booking's UID, its times in the company's zone and the meeting link, and marks it cancelled once cancelled", async () => {
    const body = await (await book('2026-11-17', '09:00 AM - 09:30 AM')).json();
    const response = await t.get(body.calendarUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="consultation.ics"');
    const text = await response.text();
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
    const [row] = await t.db.select().from(schema.bookings).where(eq(schema.bookings.id, body.id));
    expect(event.uid).toBe(row!.calendarUid);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-17T14:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-17T14:30:00.000Z');
    // Local time with the zone's rules (VTIMEZONE), as Outlook needs; the same instant.
    expect(text).toContain('DTSTART;TZID=America/New_York:20261117T090000');
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe(ZONE);
    expect(event.location).toBe(`https://meet.example.com/lucid-${body.id}`);
    expect(text).toContain('STATUS:CONFIRMED');

    const token = new URL(body.cancelUrl, 'http://x').searchParams.get('token')!;
    expect((await t.post('/api/booking/cancel', { token })).status).toBe(200);
    expect((await (await availability('2026-11-17')).json()).availableTimes).toContain('09:00 AM - 09:30 AM');
    const after = await (await t.get(body.calendarUrl)).text();
    expect(after).toContain('STATUS:CANCELLED');
    expect(after).toContain('SEQUENCE:1');
  });

  it('answers an unknown, over-long or hostile calendar link with 404, never 500', async () => {
    for (const bad of ['nope', 'a'.repeat(201), '%00abc', '%F0%9F%98%80', '%ED%A0%80x']) {
      const response = await t.get(`/api/booking/calendar/${bad}`);
      expect([404, 422], bad).toContain(response.status);
      expect((await response.json()).message).toBeTruthy();
    }
    expect((await t.get('/api/booking/calendar/nope')).status).toBe(404);
  });

  it("lets exactly one of 10 parallel cancels through the booker's link raise booking.cancelled", async () => {
    const body = await (await book('2026-11-18', '03:00 PM - 03:30 PM')).json();
    const token = new URL(body.cancelUrl, 'http://x').searchParams.get('token')!;
    const responses = await Promise.all(Array.from({ length: 10 }, () => t.post('/api/booking/cancel', { token })));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    const events = await t.db
      .select()
      .from(schema.outboxEvents)
      .where(eq(schema.outboxEvents.type, 'booking.cancelled'));
    expect(events.filter((e) => (e.payload as { bookingId: number }).bookingId === body.id)).toHaveLength(1);
  });
});

describe("the scheduling service's webhook (D17)", () => {
  const created = (uri: string, start: string, end: string) =>
    JSON.stringify({
      event: 'invitee.created',
      payload: {
        uri,
        email: 'widget@example.com',
        name: 'Widget Person',
        scheduled_event: { start_time: start, end_time: end },
      },
    });
  const send = (body: string, signature: string | null) =>
    t.app.handle(
      new Request('http://localhost/api/booking/webhook', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'calendly-webhook-signature': signature } : {}),
        },
        body,
      }),
    );

  it('stores a signed invitee.created as a booking that blocks its slot, and cancels it on invitee.canceled', async () => {
    const uri = 'https://api.calendly.com/scheduled_events/abc/invitees/def';
    const body = created(uri, '2026-11-12T20:00:00.000000Z', '2026-11-12T20:30:00.000000Z');
    const response = await send(body, signWebhook(body, KEY, now));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'stored' });
    const [row] = await t.db.select().from(schema.bookings).where(eq(schema.bookings.externalId, uri));
    expect(row).toMatchObject({
      source: 'scheduling_service',
      date: '2026-11-12',
      timeLabel: '03:00 PM - 03:30 PM',
      status: 'confirmed',
    });
    const { availableTimes } = await (await availability('2026-11-12')).json();
    expect(availableTimes).not.toContain('03:00 PM - 03:30 PM');
    // Delivered twice (the service retries): stored once.
    expect(await (await send(body, signWebhook(body, KEY, now))).json()).toEqual({ status: 'duplicate' });

    const cancel = JSON.stringify({ event: 'invitee.canceled', payload: { uri } });
    expect(await (await send(cancel, signWebhook(cancel, KEY, now))).json()).toEqual({ status: 'cancelled' });
    const [cancelled] = await t.db.select().from(schema.bookings).where(eq(schema.bookings.externalId, uri));
    expect(cancelled).toMatchObject({ status: 'cancelled', sequence: 1 });
    expect(
      await t.db.select().from(schema.bookingChanges).where(eq(schema.bookingChanges.bookingId, cancelled!.id)),
    ).toMatchObject([{ kind: 'cancelled', changedBy: 'scheduling_service', toStartsAt: null }]);
    expect((await (await availability('2026-11-12')).json()).availableTimes).toContain('03:00 PM - 03:30 PM');
  });

  it("stores the invitee's IANA zone as the visitor's, and a bad one as none without losing the booking (058)", async () => {
    const zones: [unknown, string | null][] = [
      ['Asia/Tokyo', 'Asia/Tokyo'],
      ['America/Argentina/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
      ['Mars/Olympus_Mons', null],
      ['+09:00', null],
      ['', null],
      ['Asia/Tokyo\u0000', null],
      [`Europe/${'A'.repeat(100)}`, null],
      [42, null],
      [{ name: 'Asia/Tokyo' }, null],
      [null, null],
      [undefined, null],
    ];
    for (const [index, [timezone, stored]] of zones.entries()) {
      const uri = `https://api.calendly.com/scheduled_events/zone/invitees/${index}`;
      const start = new Date(Date.UTC(2026, 10, 25, 14 + Math.floor(index / 2), (index % 2) * 30));
      const end = new Date(start.getTime() + 30 * 60_000);
      const body = JSON.stringify({
        event: 'invitee.created',
        payload: {
          uri,
          email: 'widget@example.com',
          name: 'Widget Person',
          timezone,
          scheduled_event: { start_time: start.toISOString(), end_time: end.toISOString() },
        },
      });
      const response = await send(body, signWebhook(body, KEY, now));
      expect(await response.json(), String(timezone)).toEqual({ status: 'stored' });
      const [row] = await t.db.select().from(schema.bookings).where(eq(schema.bookings.externalId, uri));
      expect(row, String(timezone)).toMatchObject({ visitorTimeZone: stored, timeZone: ZONE });
    }
  });

  it('refuses a bad, a stale and a missing signature with 401 and stores nothing', async () => {
    const body = created('https://api.calendly.com/x/invitees/bad', '2026-11-13T15:00:00Z', '2026-11-13T15:30:00Z');
    const bad = await send(body, signWebhook(body, 'some-other-key', now));
    expect(bad.status).toBe(401);
    expect((await bad.json()).message).toBe('Invalid webhook signature');
    const stale = await send(body, signWebhook(body, KEY, new Date(now.getTime() - 10 * 60_000)));
    expect(stale.status).toBe(401);
    expect((await stale.json()).message).toBe('Stale webhook signature');
    expect((await send(body, null)).status).toBe(401);
    const tampered = await send(body.replace('15:00', '16:00'), signWebhook(body, KEY, now));
    expect(tampered.status).toBe(401);
    expect(await t.db.select().from(schema.bookings).where(eq(schema.bookings.date, '2026-11-13'))).toHaveLength(0);
  });
});
