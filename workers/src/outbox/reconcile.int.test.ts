import { reminderJobId } from '@app/contracts/server';
import * as schema from '@app/db/schema';
import { startTestDatabase, useFixture } from '@app/db/testing';
import { type ReceivedEmail, sleep, waitUntil } from '@app/testing';
import { startStandaloneRedis } from '@app/testing/redis-topologies';
import { eq, inArray, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { type BookingRow, emitBookingEvent, insertBooking } from '../../testing/bookings';
import { startMailingWorkers } from '../../testing/index';
import { reconcile } from './reconcile';

const COMPANY = 'hello@lucid-insight.test';
const HOUR = 3600_000;

/**
 * The real workers on a Redis of this file's own (a redis-server started for it): FLUSHALL there is a failover that
 * lost every acknowledged write, and concerns no other test.
 */
const bed = useFixture(
  async () => {
    const redis = await startStandaloneRedis();
    const database = await startTestDatabase();
    const mailing = await startMailingWorkers(
      { databaseUrl: database.url, queuePrefix: `test-${crypto.randomUUID().slice(0, 8)}` },
      { redisUrl: redis.url },
    );
    const client = new Redis(redis.url);
    return { redis, database, mailing, client, db: database.db };
  },
  async ({ redis, database, mailing, client }) => {
    client.disconnect();
    await mailing.close();
    await database.close();
    await redis.stop();
  },
  30_000,
);

const queues = () => bed.mailing.workers.runtime.queues;
const runReconcile = () =>
  reconcile({
    db: bed.db,
    domainEvents: queues().domainEvents,
    emails: queues().emails,
    emailJobOptions: { attempts: 8, backoff: { type: 'exponential', delay: 100 } },
    logger: pino({ level: 'silent' }),
    minAgeMs: 0,
  });

let hour = 0;
/** A form booking `inHours` from now, on a start of its own (one confirmed booking per start). */
const bookingIn = (inHours: number) =>
  insertBooking(bed.db, { startsAt: new Date(Math.ceil(Date.now() / HOUR) * HOUR + (inHours + hour++ / 60) * HOUR) });

async function insertContactMessage(email: string) {
  const [row] = await bed.db
    .insert(schema.contactMessages)
    .values({ name: 'Grace Hopper', email, subject: 'Dashboards', message: 'Hello' })
    .returning({ id: schema.contactMessages.id });
  const [event] = await bed.db
    .insert(schema.outboxEvents)
    .values({ type: 'contact.received', payload: { contactMessageId: row!.id } })
    .returning({ id: schema.outboxEvents.id });
  return event!.id;
}

const eventRows = (ids: string[]) =>
  bed.db.select().from(schema.outboxEvents).where(inArray(schema.outboxEvents.id, ids));
const waitProcessed = (ids: string[]) =>
  waitUntil(
    async () => (await eventRows(ids)).every((row) => row.processedAt !== null) || null,
    15_000,
    'the events to be processed',
  );
const waitPublished = (ids: string[]) =>
  waitUntil(
    async () => (await eventRows(ids)).every((row) => row.publishedAt !== null) || null,
    15_000,
    'the events to be published',
  );
const subjects = (address: string) => bed.mailing.smtp.to(address).map((m: ReceivedEmail) => m.subject);
const delayedReminders = async () =>
  (await queues().emails.getDelayed())
    .filter((job) => job.name === 'booking-reminder')
    .map((job) => job.id)
    .sort();

/** A booking made as the API makes it, its event processed: its confirmation sent, its reminder delayed in Redis. */
async function bookedAndConfirmed(inHours: number) {
  const booking = await bookingIn(inHours);
  const eventId = await emitBookingEvent(bed.db, 'booking.created', booking.id);
  await waitProcessed([eventId]);
  await bed.mailing.smtp.waitFor(
    () =>
      subjects(booking.email).length === 1 && bed.mailing.smtp.to(COMPANY).some((m) => m.text.includes(booking.email)),
  );
  return { booking, eventId };
}

const confirmations = (booking: BookingRow) => subjects(booking.email).filter((s) => !s.startsWith('Reminder'));

describe('the reconcile after Redis lost its data', () => {
  it('a Redis that loses its data: reminders and events still delivered after the reconcile, each e-mail once', async () => {
    // Before the loss: two bookings handled, their reminders delayed in Redis for two days from now.
    const first = await bookedAndConfirmed(72);
    const second = await bookedAndConfirmed(96);
    const reminderOf = ({ booking, eventId }: { booking: BookingRow; eventId: string }) =>
      reminderJobId(eventId, booking.startsAt);
    expect(await delayedReminders()).toEqual([reminderOf(first), reminderOf(second)].sort());

    // Events the API published (their jobs acknowledged by Redis) that no worker took yet: the queue is paused (a
    // state kept in Redis, lost with the rest).
    await queues().domainEvents.pause();
    const visitor = `grace-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const contactEvent = await insertContactMessage(visitor);
    const third = await bookingIn(120);
    const thirdEvent = await emitBookingEvent(bed.db, 'booking.created', third.id);
    await waitPublished([contactEvent, thirdEvent]);
    expect(await queues().domainEvents.getJob(contactEvent)).toBeTruthy();

    // The failover: the new master never had any of it.
    await bed.client.flushall();
    expect(await delayedReminders()).toEqual([]);
    expect(await queues().domainEvents.getJob(contactEvent)).toBeFalsy();
    await sleep(300);
    expect((await eventRows([contactEvent, thirdEvent])).map((row) => row.processedAt)).toEqual([null, null]);

    const result = await runReconcile();
    expect(result.events).toBe(2);
    expect(result.reminders).toBeGreaterThanOrEqual(2);
    await waitProcessed([contactEvent, thirdEvent]);
    const thirdReminder = reminderJobId(thirdEvent, third.startsAt);
    await waitUntil(async () => (await delayedReminders()).length === 3 || null, 10_000, 'three reminders');
    expect(await delayedReminders()).toEqual([reminderOf(first), reminderOf(second), thirdReminder].sort());
    // Each reminder still due 24 hours before its meeting.
    const job = await queues().emails.getJob(reminderOf(first));
    const dueAt = job!.timestamp + job!.opts.delay!;
    expect(Math.abs(dueAt - (first.booking.startsAt.getTime() - 24 * HOUR))).toBeLessThan(1000);

    // The lost events' e-mails go out, once each; the first bookings' confirmations are not sent again.
    await bed.mailing.smtp.waitFor(
      () =>
        subjects(visitor).length === 1 &&
        bed.mailing.smtp.to(COMPANY).some((m) => m.text.includes(visitor)) &&
        confirmations(third).length === 1,
    );

    // A second run, and the reminders when due: nothing twice.
    expect(await runReconcile()).toEqual({ events: 0, reminders: 0 });
    for (const id of [reminderOf(first), thirdReminder]) await (await queues().emails.getJob(id))!.promote();
    await bed.mailing.smtp.waitFor(
      () =>
        subjects(first.booking.email).some((s) => s.startsWith('Reminder')) &&
        subjects(third.email).some((s) => s.startsWith('Reminder')),
    );
    expect(await runReconcile()).toEqual({ events: 0, reminders: 0 });
    await sleep(1000);
    expect(subjects(visitor)).toHaveLength(1);
    expect(bed.mailing.smtp.to(COMPANY).filter((m) => m.text.includes(visitor))).toHaveLength(1);
    for (const booking of [first.booking, second.booking, third]) expect(confirmations(booking)).toHaveLength(1);
    for (const booking of [first.booking, third])
      expect(subjects(booking.email).filter((s) => s.startsWith('Reminder'))).toHaveLength(1);
    expect(subjects(second.booking.email).filter((s) => s.startsWith('Reminder'))).toHaveLength(0);
  });

  it('with Redis intact, adds nothing and sends nothing again, however often it runs', async () => {
    const booked = await bookedAndConfirmed(80);
    // Booked less than 24 hours ahead: no reminder, and the reconcile does not invent one.
    const soon = await bookedAndConfirmed(20);
    const before = await delayedReminders();
    expect(before).toContain(reminderJobId(booked.eventId, booked.booking.startsAt));
    const sent = bed.mailing.smtp.messages.length;
    for (let i = 0; i < 3; i++) expect(await runReconcile()).toEqual({ events: 0, reminders: 0 });
    // Runs at once (two replicas' on-demand runs): still nothing.
    expect(await Promise.all([runReconcile(), runReconcile()])).toEqual([
      { events: 0, reminders: 0 },
      { events: 0, reminders: 0 },
    ]);
    await sleep(500);
    expect(await delayedReminders()).toEqual(before);
    expect(bed.mailing.smtp.messages.length).toBe(sent);
    expect(subjects(soon.booking.email)).toHaveLength(1);
  });

  it('sends a reminder whose time passed while its job was lost, late and once, while the meeting is an hour away or more', async () => {
    const { booking, eventId } = await bookedAndConfirmed(30);
    // The event was fanned out two days ago (its reminder queued then, due six hours ago), and Redis lost the job.
    const ago = new Date(Date.now() - 48 * HOUR);
    await bed.db
      .update(schema.outboxEvents)
      .set({ createdAt: ago, publishedAt: ago, processedAt: ago })
      .where(eq(schema.outboxEvents.id, eventId));
    await bed.db
      .update(schema.bookings)
      .set({ startsAt: sql`now() + interval '18 hours'`, endsAt: sql`now() + interval '18 hours 30 minutes'` })
      .where(eq(schema.bookings.id, booking.id));
    await (await queues().emails.getJob(reminderJobId(eventId, booking.startsAt)))?.remove();
    const [moved] = await bed.db.select().from(schema.bookings).where(eq(schema.bookings.id, booking.id));

    expect(await runReconcile()).toEqual({ events: 0, reminders: 1 });
    await bed.mailing.smtp.waitFor(() => subjects(booking.email).some((s) => s.startsWith('Reminder')));
    expect(await queues().emails.getJob(reminderJobId(eventId, moved!.startsAt))).toBeTruthy();
    // Its job gone too (trimmed from Redis): the delivery record says it went out.
    await (await queues().emails.getJob(reminderJobId(eventId, moved!.startsAt)))?.remove();
    expect(await runReconcile()).toEqual({ events: 0, reminders: 0 });
    await sleep(500);
    expect(subjects(booking.email).filter((s) => s.startsWith('Reminder'))).toHaveLength(1);
  });
});
