import { generateToken, hashToken } from '@app/contracts/server';
import * as schema from '@app/db/schema';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../testing/admin';
import { slotAnswer, storeBooking } from '../../../testing/booking';
import { signWebhook } from './webhook.service';

// Wednesday 2026-10-28, 08:00 in New York (EDT, UTC-4).
const now = new Date('2026-10-28T12:00:00Z');
const ZONE = 'America/New_York';
const KEY = 'test-signing-key-456';
const { t, admin, client, as } = useAdminTestApp({
  clock: { now: () => now },
  env: { BOOKING_TIMEZONE: ZONE, SCHEDULING_WEBHOOK_SIGNING_KEY: KEY },
});

const NINE = '09:00 AM - 09:30 AM';
const TEN = '10:00 AM - 10:30 AM';
const ELEVEN = '11:00 AM - 11:30 AM';
const ONE = '01:00 PM - 01:30 PM';
const ALL = [NINE, TEN, ELEVEN, ONE, '02:00 PM - 02:30 PM', '03:00 PM - 03:30 PM', '04:00 PM - 04:30 PM'];
const TAKEN = 'This time is no longer available. Please choose another time.';

const person = { name: 'Katherine Johnson', email: 'katherine@example.com' };

/** A confirmed booking stored as the booking POST stores it (also at times the POST refuses: soon, past). */
const booked = (date: string, time: string, extra: Partial<typeof schema.bookings.$inferInsert> = {}) =>
  storeBooking(t.db, ZONE, date, time, { ...person, ...extra });

/** What the worker does for each e-mail with the manage links: a token of its own, stored hashed. */
async function mintLink(bookingId: number) {
  const token = generateToken();
  await t.db.insert(schema.bookingTokens).values({ bookingId, tokenHash: hashToken(token) });
  return token;
}

/** A booking with a manage link of its own, as its confirmation e-mail has it. */
async function bookedWithLink(date: string, time: string, extra: Partial<typeof schema.bookings.$inferInsert> = {}) {
  const booking = await booked(date, time, extra);
  return { booking, token: await mintLink(booking.id) };
}

const rowOf = async (id: number) => (await t.db.select().from(schema.bookings).where(eq(schema.bookings.id, id)))[0]!;
const changesOf = (id: number) =>
  t.db.select().from(schema.bookingChanges).where(eq(schema.bookingChanges.bookingId, id));
const rescheduledEvents = async (id: number) =>
  (await t.db.select().from(schema.outboxEvents).where(eq(schema.outboxEvents.type, 'booking.rescheduled')))
    .map((e) => e.payload as { bookingId: number; changeId: number })
    .filter((p) => p.bookingId === id);
const show = (token: string) => t.get(`/api/booking/reschedule/${token}`);
const move = (token: unknown, date: string, time: string, headers?: Record<string, string>) =>
  t.post('/api/booking/reschedule', { token, date, time }, headers);
const free = async (date: string) =>
  (await (await t.get(`/api/booking/availability?date=${date}`)).json()).availableTimes as string[];

/** The booking is exactly as it was: same time, same SEQUENCE, no history, no event. */
async function expectUnchanged(before: typeof schema.bookings.$inferSelect) {
  expect(await rowOf(before.id)).toEqual(before);
  expect(await changesOf(before.id)).toEqual([]);
  expect(await rescheduledEvents(before.id)).toEqual([]);
}

/** The move was refused with this status and message, and the booking is as it was. */
async function expectRefused(
  response: Response,
  status: number,
  message: string,
  before: typeof schema.bookings.$inferSelect,
) {
  expect(response.status).toBe(status);
  expect((await response.json()).message).toBe(message);
  await expectUnchanged(before);
}

describe('the visitor moves their booking through its link', () => {
  it('shows the booking and that it can be moved, without changing anything (mail scanners open links)', async () => {
    const { booking, token } = await bookedWithLink('2026-11-02', NINE);
    for (let i = 0; i < 3; i++) {
      const response = await show(token);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        name: person.name,
        ...slotAnswer(ZONE, '2026-11-02', NINE, '2026-11-02T14:00:00.000Z', '2026-11-02T14:30:00.000Z'),
        visitorTimeZone: null,
        status: 'confirmed',
        canReschedule: true,
        reason: null,
        noticeHours: 4,
      });
    }
    await expectUnchanged(booking);
  });

  it('moves the SAME booking: new time, SEQUENCE + 1, a history row, booking.rescheduled; the old slot frees up', async () => {
    const { booking, token } = await bookedWithLink('2026-11-03', NINE);
    const response = await move(token, '2026-11-04', ONE);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      id: booking.id,
      ...slotAnswer(ZONE, '2026-11-04', ONE, '2026-11-04T18:00:00.000Z', '2026-11-04T18:30:00.000Z'),
      message: "Your consultation has been moved. We've e-mailed you the new details.",
    });
    const after = await rowOf(booking.id);
    expect(after).toMatchObject({
      date: '2026-11-04',
      timeLabel: ONE,
      startsAt: new Date('2026-11-04T18:00:00Z'),
      endsAt: new Date('2026-11-04T18:30:00Z'),
      sequence: 1,
      status: 'confirmed',
      calendarUid: booking.calendarUid,
    });
    const [change] = await changesOf(booking.id);
    expect(change).toMatchObject({
      kind: 'rescheduled',
      fromStartsAt: booking.startsAt,
      fromEndsAt: booking.endsAt,
      toStartsAt: after.startsAt,
      toEndsAt: after.endsAt,
      changedBy: 'visitor',
      actorUserId: null,
    });
    expect(await rescheduledEvents(booking.id)).toEqual([{ bookingId: booking.id, changeId: change!.id }]);
    expect(await free('2026-11-03')).toContain(NINE);
    expect(await free('2026-11-04')).not.toContain(ONE);

    // The link keeps working: moved again, and back to where it was.
    expect((await move(token, '2026-11-05', TEN)).status).toBe(200);
    expect((await move(token, '2026-11-03', NINE)).status).toBe(200);
    expect(await rowOf(booking.id)).toMatchObject({ date: '2026-11-03', timeLabel: NINE, sequence: 3 });
    expect(await changesOf(booking.id)).toHaveLength(3);
  });

  it("takes every link of the booking: an e-mail's, the one of links sent before, and the booker's own", async () => {
    const legacy = 'legacy-cancel-token-0123456789abcdef';
    const booking = await booked('2026-11-06', NINE, { cancelTokenHash: hashToken(legacy) });
    expect((await move(legacy, '2026-11-06', TEN)).status).toBe(200);

    const confirmation = await (await t.post('/api/booking', { ...person, date: '2026-11-09', time: ELEVEN })).json();
    expect(confirmation.rescheduleUrl).toMatch(/^\/booking\/reschedule\?token=[a-z0-9]{32}$/);
    const own = new URL(confirmation.rescheduleUrl, 'http://x').searchParams.get('token')!;
    expect((await show(own)).status).toBe(200);
    expect((await move(own, '2026-11-09', ONE)).status).toBe(200);
    expect(await rowOf(confirmation.id)).toMatchObject({ timeLabel: ONE, sequence: 1 });
    expect(await rowOf(booking.id)).toMatchObject({ timeLabel: TEN, sequence: 1 });
  });

  it('refuses to move a cancelled booking (cal.com #11669), and says so on the page too', async () => {
    const { booking, token } = await bookedWithLink('2026-11-10', NINE, { status: 'cancelled', cancelledAt: now });
    const shown = await (await show(token)).json();
    expect(shown).toMatchObject({ status: 'cancelled', canReschedule: false });
    expect(shown.reason).toBe('This consultation has been cancelled, so it cannot be moved. Please book a new time.');
    await expectRefused(await move(token, '2026-11-11', NINE), 409, shown.reason, booking);
  });

  it('refuses to move a booking that has started or passed (cal.com #17977)', async () => {
    const { booking, token } = await bookedWithLink('2026-10-27', NINE);
    expect(await (await show(token)).json()).toMatchObject({
      canReschedule: false,
      reason: 'This consultation has already taken place.',
    });
    await expectRefused(
      await move(token, '2026-11-11', NINE),
      422,
      'This consultation has already taken place.',
      booking,
    );
  });

  it('refuses a move within the notice period (RESCHEDULE_NOTICE_HOURS, 4 by default), with the reason', async () => {
    // Today 11:00 New York is 15:00 UTC: 3 hours from now.
    const { booking, token } = await bookedWithLink('2026-10-28', ELEVEN);
    const reason =
      'Consultations can be moved up to 4 hours before they start. To change this one, please reply to your confirmation e-mail.';
    expect(await (await show(token)).json()).toMatchObject({ canReschedule: false, reason, noticeHours: 4 });
    await expectRefused(await move(token, '2026-11-12', NINE), 422, reason, booking);
    // Today 01:00 PM is 5 hours away: it may still be moved.
    const later = await booked('2026-10-28', ONE);
    expect((await move(await mintLink(later.id), '2026-11-12', NINE)).status).toBe(200);
  });

  it('refuses the time it already has', async () => {
    const booking = await booked('2026-11-13', TEN);
    await expectRefused(
      await move(await mintLink(booking.id), '2026-11-13', TEN),
      422,
      'That is already the time of your consultation.',
      booking,
    );
  });

  it('refuses a taken, past, weekend, unknown, busy or too-soon slot with the booking POST answers, unchanged', async () => {
    const { booking, token } = await bookedWithLink('2026-11-16', NINE);
    await booked('2026-11-17', TEN, { email: 'someone@example.com' });
    await t.db.insert(schema.calendarBusy).values({
      startsAt: new Date('2026-11-18T15:45:00Z'), // 10:45-11:45 EST: the 11:00 slot is busy
      endsAt: new Date('2026-11-18T16:45:00Z'),
      uid: 'board-meeting@example.com',
    });
    const cases: [string, string, number, string][] = [
      ['2026-11-17', TEN, 409, TAKEN],
      ['2026-11-18', ELEVEN, 409, TAKEN],
      ['2026-10-26', TEN, 422, 'Please choose a date from today on.'],
      ['2026-11-21', TEN, 422, 'Consultations are offered Monday to Friday. Please choose a weekday.'],
      ['2026-11-17', '09:15 AM - 09:45 AM', 422, 'Please choose one of the offered times.'],
      ['2026-10-28', NINE, 422, 'This time is too soon. Please choose a time at least 2 hours from now.'],
      ['2026-11-31', TEN, 422, 'Please select a valid date'],
      ['', TEN, 422, 'Please select a date'],
      ['2026-11-17', '', 422, 'Please select a time'],
    ];
    for (const [date, time, status, message] of cases) {
      const response = await move(token, date, time);
      expect(response.status, `${date} ${time}`).toBe(status);
      expect((await response.json()).message, `${date} ${time}`).toBe(message);
    }
    await expectUnchanged(booking);
  });

  it('answers an unknown or hostile link, and hostile bodies, with 4xx, never 500', async () => {
    for (const bad of ['nope', 'a'.repeat(10_000), '%00abc', 'abc%00', '%ED%A0%80x', '%F0%9F%98%80', '%', '..%2F..']) {
      const response = await show(bad);
      expect([400, 404, 422], bad.slice(0, 20)).toContain(response.status);
      expect((await response.json()).message).toBeTruthy();
    }
    const unknown = await show('not-a-real-token');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe('This link is invalid or has expired.');
    const bodies: unknown[] = [
      { token: 'a\u0000b', date: '2026-11-19', time: NINE },
      { token: 'a'.repeat(10_000), date: '2026-11-19', time: NINE },
      { token: '\ud800\udfff\ud800', date: '2026-11-19', time: NINE },
      { token: 12345, date: '2026-11-19', time: NINE },
      { token: ['x'], date: '2026-11-19', time: NINE },
      { token: 'x', date: '2026-11-19\u0000', time: NINE },
      { token: 'x', date: '99999-01-01', time: NINE },
      { token: 'x', date: '2026-11-19', time: 'a'.repeat(100_000) },
      { token: 'x', date: { $gt: '' }, time: NINE },
      { date: '2026-11-19', time: NINE },
      [],
      'null',
      '{"token":',
      `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
    ];
    for (const body of bodies) {
      const response = await t.post('/api/booking/reschedule', body);
      const what = JSON.stringify(body).slice(0, 60);
      expect(response.status, what).toBeGreaterThanOrEqual(400);
      expect(response.status, what).toBeLessThan(500);
    }
  });

  it('allows 5 moves per 10 minutes from one address (D8)', async () => {
    const { booking, token } = await bookedWithLink('2026-11-20', NINE);
    const ip = { 'x-forwarded-for': '198.51.100.23' };
    const statuses = [];
    for (const time of [TEN, ELEVEN, ONE, NINE, TEN, ELEVEN])
      statuses.push((await move(token, '2026-11-20', time, ip)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await rowOf(booking.id)).toMatchObject({ timeLabel: TEN, sequence: 5 });
  });
});

describe('races: the database settles who gets a slot', () => {
  it('moves exactly one of 20 bookings onto one free slot at once; the 19 others get 409, unchanged', async () => {
    const days = ['2026-11-23', '2026-11-24', '2026-11-25'];
    const bookings = await Promise.all(
      Array.from({ length: 20 }, (_, i) => booked(days[i % 3]!, ALL[Math.floor(i / 3)]!)),
    );
    const tokens = await Promise.all(bookings.map((b) => mintLink(b.id)));
    const responses = await Promise.all(tokens.map((token) => move(token, '2026-11-26', TEN)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const [i, response] of responses.entries())
      if (response.status === 409) {
        expect((await response.json()).message).toBe(TAKEN);
        await expectUnchanged(bookings[i]!);
      }
    const there = await t.db
      .select()
      .from(schema.bookings)
      .where(and(eq(schema.bookings.date, '2026-11-26'), eq(schema.bookings.status, 'confirmed')));
    expect(there).toHaveLength(1);
    expect(there[0]).toMatchObject({ timeLabel: TEN, sequence: 1 });
  });

  it('leaves one booking when a new booking and a move race for the same slot', async () => {
    for (let round = 0; round < 5; round++) {
      const date = ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'][round]!;
      const { booking, token } = await bookedWithLink('2026-12-07', ALL[round]!);
      const [moved, fresh] = await Promise.all([
        move(token, date, ONE),
        t.post('/api/booking', { ...person, email: 'rival@example.com', date, time: ONE }),
      ]);
      // Exactly one wins: the move (200, the new booking 409) or the new booking (201, the move 409).
      expect([
        [200, 409],
        [409, 201],
      ]).toContainEqual([moved.status, fresh.status]);
      const there = await t.db
        .select()
        .from(schema.bookings)
        .where(and(eq(schema.bookings.date, date), eq(schema.bookings.status, 'confirmed')));
      expect(there).toHaveLength(1);
      if (moved.status === 409) await expectUnchanged(booking);
    }
  });

  it('moves a booking at most once per request when one link sends 10 moves to 10 slots at once', async () => {
    const { booking, token } = await bookedWithLink('2026-12-08', NINE);
    const targets = [
      ...ALL.slice(1).map((time) => ['2026-12-09', time] as const),
      ...ALL.slice(0, 4).map((time) => ['2026-12-10', time] as const),
    ].slice(0, 10);
    const responses = await Promise.all(targets.map(([date, time]) => move(token, date, time)));
    const succeeded = responses.filter((r) => r.status === 200).length;
    expect(succeeded).toBeGreaterThanOrEqual(1);
    expect(responses.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const after = await rowOf(booking.id);
    const history = await changesOf(booking.id);
    expect(after.sequence).toBe(succeeded);
    expect(history).toHaveLength(succeeded);
    expect(await rescheduledEvents(booking.id)).toHaveLength(succeeded);
    // It is at exactly one of the targets: the last move's, and nowhere else.
    const last = history.sort((a, b) => a.id - b.id).at(-1)!;
    expect(after.startsAt).toEqual(last.toStartsAt);
    expect(targets.some(([date, time]) => date === after.date && time === after.timeLabel)).toBe(true);
    const confirmed = await t.db.select().from(schema.bookings).where(eq(schema.bookings.id, booking.id));
    expect(confirmed).toHaveLength(1);
    // Each move started where the one before it ended: they took turns on the locked row.
    const ordered = history.sort((a, b) => a.id - b.id);
    for (let i = 1; i < ordered.length; i++) expect(ordered[i]!.fromStartsAt).toEqual(ordered[i - 1]!.toStartsAt);
  });
});

describe('a move and a cancel of one booking at once', () => {
  it('take turns on the locked row: never a cancelled booking moved, every change counted once', async () => {
    for (let round = 0; round < 4; round++) {
      // Inside the booking window (60 days from the test's clock), so that a move that wins the lock may land.
      const date = ['2026-12-21', '2026-12-22', '2026-12-23', '2026-12-24'][round]!;
      const booking = await booked(date, NINE);
      const [first, second] = [await mintLink(booking.id), await mintLink(booking.id)];
      const [moved, cancelled] = await Promise.all([
        move(first, date, ONE),
        t.post('/api/booking/cancel', { token: second }),
      ]);
      expect(cancelled.status).toBe(200);
      const after = await rowOf(booking.id);
      expect(after.status).toBe('cancelled');
      const changes = await changesOf(booking.id);
      if (moved.status === 200) {
        // Moved first, then cancelled at its new time.
        expect(after).toMatchObject({ timeLabel: ONE, sequence: 2 });
        expect(changes.map((c) => c.kind).sort()).toEqual(['cancelled', 'rescheduled']);
      } else {
        expect(moved.status).toBe(409);
        expect(after).toMatchObject({ timeLabel: NINE, sequence: 1 });
        expect(changes.map((c) => c.kind)).toEqual(['cancelled']);
      }
    }
  });
});

describe('no overlap, whatever the length', () => {
  it('refuses, in the database, a 60-minute confirmed booking that overlaps a 30-minute one', async () => {
    await booked('2026-12-14', TEN); // 15:00-15:30 UTC
    const insert = t.db.insert(schema.bookings).values({
      ...person,
      date: '2026-12-14',
      timeLabel: '09:45 AM - 10:45 AM',
      timeZone: ZONE,
      startsAt: new Date('2026-12-14T14:45:00Z'),
      endsAt: new Date('2026-12-14T15:45:00Z'),
      calendarUid: 'long-one@test',
    });
    await expect(insert).rejects.toSatisfy((error: { cause?: { code?: string } }) => error.cause?.code === '23P01');
    // Back to back is fine ('[)': one ends as the next starts), and a cancelled one blocks nothing.
    await booked('2026-12-14', '09:30 AM - 10:00 AM' as string, {
      startsAt: new Date('2026-12-14T14:30:00Z'),
      endsAt: new Date('2026-12-14T15:00:00Z'),
    });
    await booked('2026-12-14', TEN, { status: 'cancelled' });
  });

  it("keeps the first booking when the scheduling service's 60-minute booking overlaps it, and books no day that does not exist", async () => {
    await booked('2026-12-11', ONE); // 18:00-18:30 UTC
    const body = JSON.stringify({
      event: 'invitee.created',
      payload: {
        uri: 'https://api.calendly.com/scheduled_events/long/invitees/one',
        email: 'widget@example.com',
        scheduled_event: { start_time: '2026-12-11T17:30:00Z', end_time: '2026-12-11T18:30:00Z' },
      },
    });
    const response = await t.app.handle(
      new Request('http://localhost/api/booking/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'calendly-webhook-signature': signWebhook(body, KEY, now) },
        body,
      }),
    );
    expect(await response.json()).toEqual({ status: 'conflict' });
    expect(await t.db.select().from(schema.bookings).where(eq(schema.bookings.date, '2026-12-11'))).toHaveLength(1);

    for (const date of ['2026-11-31', '2027-02-29']) {
      const refused = await t.post('/api/booking', { ...person, date, time: NINE });
      expect(refused.status, date).toBe(422);
      expect((await refused.json()).message).toBe('Please select a valid date');
    }
  });
});

describe('cancelling through the link is a change too', () => {
  it('raises SEQUENCE and records who cancelled, once', async () => {
    const { booking, token } = await bookedWithLink('2026-12-15', NINE);
    const responses = await Promise.all(Array.from({ length: 5 }, () => t.post('/api/booking/cancel', { token })));
    expect(responses.map((r) => r.status)).toEqual(Array(5).fill(200));
    expect(await rowOf(booking.id)).toMatchObject({ status: 'cancelled', sequence: 1 });
    const changes = await changesOf(booking.id);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      kind: 'cancelled',
      fromStartsAt: booking.startsAt,
      toStartsAt: null,
      changedBy: 'visitor',
    });
    expect((await t.get(`/api/booking/cancel/${token}`)).status).toBe(200);
  });

  it('refuses to cancel a booking that has started', async () => {
    const booking = await booked('2026-10-28', '07:00 AM - 07:30 AM' as string, {
      startsAt: new Date('2026-10-28T11:00:00Z'),
      endsAt: new Date('2026-10-28T11:30:00Z'),
    });
    const response = await t.post('/api/booking/cancel', { token: await mintLink(booking.id) });
    expect(response.status).toBe(422);
    expect(await rowOf(booking.id)).toEqual(booking);
  });
});

describe('an administrator moves a booking', () => {
  const path = (id: number | string) => `/api/admin/consultations/${id}/reschedule`;

  it('is for administrators only: 401 anonymous, 403 a client', async () => {
    const booking = await booked('2026-12-16', NINE);
    expect((await as(null).send('POST', path(booking.id), { date: '2026-12-16', time: TEN })).status).toBe(401);
    expect((await as(client).send('POST', path(booking.id), { date: '2026-12-16', time: TEN })).status).toBe(403);
    await expectUnchanged(booking);
  });

  it('moves it, also within the notice period, recorded as the admin and audited', async () => {
    const booking = await booked('2026-10-28', TEN); // 2 hours from now: too late for the visitor
    const response = await as(admin).send('POST', path(booking.id), { date: '2026-12-17', time: ONE });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: booking.id,
      date: '2026-12-17',
      time: ONE,
      message: 'The consultation has been moved. The visitor is e-mailed the new time.',
    });
    expect(await rowOf(booking.id)).toMatchObject({ date: '2026-12-17', timeLabel: ONE, sequence: 1 });
    const [change] = await changesOf(booking.id);
    expect(change).toMatchObject({ kind: 'rescheduled', changedBy: 'admin', actorUserId: admin.id });
    expect(await rescheduledEvents(booking.id)).toEqual([{ bookingId: booking.id, changeId: change!.id }]);
    const audit = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'booking.reschedule'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, targetType: 'booking', targetId: String(booking.id) });
    expect(audit[0]!.changes).toMatchObject({
      timeLabel: { from: TEN, to: ONE },
      date: { from: '2026-10-28', to: '2026-12-17' },
    });
  });

  it('never into the past, onto a taken or busy slot, nor a started, cancelled or unknown booking', async () => {
    const booking = await booked('2026-12-18', NINE);
    await booked('2026-12-18', TEN, { email: 'other@example.com' });
    const cases: [unknown, number, string][] = [
      [{ date: '2026-12-18', time: TEN }, 409, TAKEN],
      [{ date: '2026-10-27', time: TEN }, 422, 'Please choose a date from today on.'],
      [
        { date: '2026-10-28', time: NINE },
        422,
        'This time is too soon. Please choose a time at least 2 hours from now.',
      ],
      [{ date: '2026-12-18', time: NINE }, 422, 'That is already the time of your consultation.'],
      [{ date: '2026-12-19', time: TEN }, 422, 'Consultations are offered Monday to Friday. Please choose a weekday.'],
      [{ date: '2026-12-18' }, 422, 'Please select a time'],
    ];
    for (const [body, status, message] of cases) {
      const response = await as(admin).send('POST', path(booking.id), body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect((await response.json()).message).toBe(message);
    }
    await expectUnchanged(booking);

    const past = await booked('2026-10-26', NINE);
    expect((await as(admin).send('POST', path(past.id), { date: '2026-12-21', time: NINE })).status).toBe(422);
    const cancelled = await booked('2026-12-21', NINE, { status: 'cancelled' });
    expect((await as(admin).send('POST', path(cancelled.id), { date: '2026-12-21', time: TEN })).status).toBe(409);
    for (const id of ['999999', 'abc', '1e3', '-1', '99999999999'])
      expect((await as(admin).send('POST', path(id), { date: '2026-12-21', time: TEN })).status, id).toBe(404);
    await expectUnchanged(past);
    expect(
      await t.db
        .select()
        .from(schema.auditLog)
        .where(eq(schema.auditLog.targetId, String(past.id))),
    ).toEqual([]);
  });

  it("refuses to move a booking the scheduling service owns (it would fall out of step with the service's own)", async () => {
    const booking = await booked('2026-12-22', NINE, {
      source: 'scheduling_service',
      externalId: 'https://api.calendly.com/scheduled_events/x/invitees/y',
    });
    const response = await as(admin).send('POST', path(booking.id), { date: '2026-12-22', time: TEN });
    expect(response.status).toBe(422);
    expect((await response.json()).message).toMatch(/scheduling service/);
    await expectUnchanged(booking);
  });
});

describe('the OpenAPI document', () => {
  it('documents every answer of the new routes', async () => {
    // The administration's routes are in the document an administrator reads (issue 26).
    const spec = await (await as(admin).get('/api/docs/json')).json();
    const statuses = (path: string, method: string) => Object.keys(spec.paths[path][method].responses).sort();
    expect(statuses('/api/booking/reschedule/{token}', 'get')).toEqual(['200', '404']);
    // 413 and 415: the body guard's refusals, on every route that takes a body.
    expect(statuses('/api/booking/reschedule', 'post')).toEqual(['200', '404', '409', '413', '415', '422', '429']);
    expect(statuses('/api/admin/consultations/{id}/reschedule', 'post')).toEqual([
      '200',
      '401',
      '403',
      '404',
      '409',
      '413',
      '415',
      '422',
    ]);
    // The body is a named shape of contracts/ (issue 27): a reference to its one declaration.
    const ref = spec.paths['/api/booking/reschedule'].post.requestBody.content['application/json'].schema;
    expect(ref).toMatchObject({ $ref: '#/components/schemas/RescheduleBooking' });
    expect(Object.keys(spec.components.schemas.RescheduleBooking.properties).sort()).toEqual(['date', 'time', 'token']);
  });
});
