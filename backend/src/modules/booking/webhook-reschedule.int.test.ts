import * as schema from '@app/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../testing/app';
import { signWebhook } from './webhook.service';

// Wednesday 2026-10-28, 08:00 in New York.
const now = new Date('2026-10-28T12:00:00Z');
const KEY = 'test-signing-key-123';
const t = useTestApp({
  clock: { now: () => now },
  env: { BOOKING_TIMEZONE: 'America/New_York', SCHEDULING_WEBHOOK_SIGNING_KEY: KEY },
});

const send = async (body: object) => {
  const text = JSON.stringify(body);
  const response = await t.app.handle(
    new Request('http://localhost/api/booking/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'calendly-webhook-signature': signWebhook(text, KEY, now) },
      body: text,
    }),
  );
  return { status: response.status, body: await response.json() };
};

/** Calendly's invitee payloads (its guide "Webhook payloads for rescheduled events"), the fields we read. */
const invitee = (event: string, uri: string, payload: object) => ({
  event,
  created_at: now.toISOString(),
  payload: { uri, email: 'widget@example.com', name: 'Widget Person', status: 'active', ...payload },
});
const created = (uri: string, start: string, end: string, oldInvitee: string | null = null) =>
  invitee('invitee.created', uri, {
    rescheduled: false,
    old_invitee: oldInvitee,
    new_invitee: null,
    scheduled_event: { start_time: start, end_time: end },
  });
const canceled = (uri: string, newInvitee: string | null) =>
  invitee('invitee.canceled', uri, {
    status: 'canceled',
    rescheduled: newInvitee !== null,
    old_invitee: null,
    new_invitee: newInvitee,
  });

const byExternal = async (uri: string) =>
  t.db.select().from(schema.bookings).where(eq(schema.bookings.externalId, uri));
const eventsOf = async (type: string, bookingId: number) =>
  (await t.db.select().from(schema.outboxEvents).where(eq(schema.outboxEvents.type, type))).filter(
    (e) => (e.payload as { bookingId: number }).bookingId === bookingId,
  );

/** Books through the webhook; returns the booking's id. */
async function widgetBooking(uri: string, start: string, end: string) {
  expect((await send(created(uri, start, end))).body).toEqual({ status: 'stored' });
  return (await byExternal(uri))[0]!.id;
}

async function expectMoved(id: number, newUri: string, startsAt: string) {
  const rows = await t.db.select().from(schema.bookings).where(eq(schema.bookings.source, 'scheduling_service'));
  const mine = rows.filter((row) => row.id === id || row.externalId === newUri);
  // One booking, not a cancelled one and a new one.
  expect(mine).toHaveLength(1);
  expect(mine[0]).toMatchObject({ id, externalId: newUri, status: 'confirmed', sequence: 1 });
  expect(mine[0]!.startsAt.toISOString()).toBe(startsAt);
  const changes = await t.db.select().from(schema.bookingChanges).where(eq(schema.bookingChanges.bookingId, id));
  expect(changes).toHaveLength(1);
  expect(changes[0]).toMatchObject({ kind: 'rescheduled', changedBy: 'scheduling_service' });
  expect(changes[0]!.toStartsAt!.toISOString()).toBe(startsAt);
  const moved = await eventsOf('booking.rescheduled', id);
  expect(moved).toHaveLength(1);
  expect(moved[0]!.payload).toEqual({ bookingId: id, changeId: changes[0]!.id });
  expect(await eventsOf('booking.cancelled', id)).toHaveLength(0);
  expect(await eventsOf('booking.created', id)).toHaveLength(1);
}

describe("the scheduling service's reschedules", () => {
  it('canceled (rescheduled) then created: one booking moved, retries change nothing', async () => {
    const old = 'https://api.calendly.com/scheduled_events/E1/invitees/OLD1';
    const next = 'https://api.calendly.com/scheduled_events/E2/invitees/NEW1';
    const id = await widgetBooking(old, '2026-11-12T20:00:00.000000Z', '2026-11-12T20:30:00.000000Z');

    expect((await send(canceled(old, next))).body).toEqual({ status: 'rescheduling' });
    // Until the new time arrives the booking keeps its slot.
    expect((await byExternal(next))[0]).toMatchObject({ id, status: 'confirmed' });
    expect((await send(canceled(old, next))).body).toEqual({ status: 'rescheduled' });

    const moveTo = created(next, '2026-11-13T15:00:00.000000Z', '2026-11-13T15:30:00.000000Z', old);
    expect((await send(moveTo)).body).toEqual({ status: 'rescheduled' });
    expect((await send(moveTo)).body).toEqual({ status: 'duplicate' });
    expect((await send(canceled(old, next))).body).toEqual({ status: 'rescheduled' });
    await expectMoved(id, next, '2026-11-13T15:00:00.000Z');
    const [row] = await byExternal(next);
    expect(row).toMatchObject({ date: '2026-11-13', timeLabel: '10:00 AM - 10:30 AM' });
    // The old slot is free again, the new one taken.
    const nov12 = await (await t.get('/api/booking/availability?date=2026-11-12')).json();
    expect(nov12.availableTimes).toContain('03:00 PM - 03:30 PM');
    const nov13 = await (await t.get('/api/booking/availability?date=2026-11-13')).json();
    expect(nov13.availableTimes).not.toContain('10:00 AM - 10:30 AM');
  });

  it('created (with old_invitee) then canceled: the same one move, retries change nothing', async () => {
    const old = 'https://api.calendly.com/scheduled_events/E3/invitees/OLD2';
    const next = 'https://api.calendly.com/scheduled_events/E4/invitees/NEW2';
    const id = await widgetBooking(old, '2026-11-16T15:00:00.000000Z', '2026-11-16T15:30:00.000000Z');

    const moveTo = created(next, '2026-11-17T19:00:00.000000Z', '2026-11-17T19:30:00.000000Z', old);
    expect((await send(moveTo)).body).toEqual({ status: 'rescheduled' });
    expect((await send(canceled(old, next))).body).toEqual({ status: 'rescheduled' });
    expect((await send(moveTo)).body).toEqual({ status: 'duplicate' });
    expect((await send(canceled(old, next))).body).toEqual({ status: 'rescheduled' });
    await expectMoved(id, next, '2026-11-17T19:00:00.000Z');
  });

  it('both deliveries at once, each twice: still one move', async () => {
    const old = 'https://api.calendly.com/scheduled_events/E5/invitees/OLD3';
    const next = 'https://api.calendly.com/scheduled_events/E6/invitees/NEW3';
    const id = await widgetBooking(old, '2026-11-18T15:00:00.000000Z', '2026-11-18T15:30:00.000000Z');
    const moveTo = created(next, '2026-11-19T15:00:00.000000Z', '2026-11-19T15:30:00.000000Z', old);
    const answers = await Promise.all([
      send(moveTo),
      send(canceled(old, next)),
      send(moveTo),
      send(canceled(old, next)),
    ]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    await expectMoved(id, next, '2026-11-19T15:00:00.000Z');
  });

  it('a plain cancellation (not a reschedule) still cancels, once, with its history', async () => {
    const uri = 'https://api.calendly.com/scheduled_events/E7/invitees/GONE';
    const id = await widgetBooking(uri, '2026-11-20T15:00:00.000000Z', '2026-11-20T15:30:00.000000Z');
    expect((await send(canceled(uri, null))).body).toEqual({ status: 'cancelled' });
    expect((await send(canceled(uri, null))).body).toEqual({ status: 'unknown' });
    const [row] = await byExternal(uri);
    expect(row).toMatchObject({ status: 'cancelled', sequence: 1 });
    const changes = await t.db.select().from(schema.bookingChanges).where(eq(schema.bookingChanges.bookingId, id));
    expect(changes).toMatchObject([{ kind: 'cancelled', changedBy: 'scheduling_service' }]);
    expect(await eventsOf('booking.cancelled', id)).toHaveLength(1);
  });

  it('a new invitee naming an old one we never stored is a new booking; closed days do not refuse it', async () => {
    await t.db.insert(schema.closedDates).values({ date: '2026-11-24', label: 'Closed' });
    const next = 'https://api.calendly.com/scheduled_events/E8/invitees/NEW4';
    const answer = await send(
      created(next, '2026-11-24T15:00:00Z', '2026-11-24T15:30:00Z', 'https://api.calendly.com/x/invitees/NEVER'),
    );
    expect(answer.body).toEqual({ status: 'stored' });
    expect(await byExternal(next)).toHaveLength(1);
  });

  it('refuses hostile payloads with 4xx', async () => {
    for (const body of [
      { event: 'invitee.created', payload: { uri: 'x'.repeat(1001) } },
      { event: 'invitee.canceled', payload: { uri: 'u', rescheduled: 'yes' } },
      { event: 'invitee.created', payload: { uri: 'u', scheduled_event: { start_time: 'soon', end_time: 'later' } } },
      { event: 'invitee.created', payload: { uri: 'u', old_invitee: 5 } },
    ])
      expect((await send(body)).status, JSON.stringify(body)).toBe(422);
    const backwards = created('https://x/invitees/back', '2026-11-25T16:00:00Z', '2026-11-25T15:00:00Z');
    expect((await send(backwards)).status).toBe(422);
  });
});
