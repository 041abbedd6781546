import { hashToken, reminderJobId } from '@app/contracts/server';
import * as schema from '@app/db/schema';
import { type ReceivedEmail, sleep, waitUntil } from '@app/testing';
import type { Job } from 'bullmq';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  cancelBooking,
  emitBookingEvent,
  insertBooking,
  moveBooking,
  useBookingTestBed,
  zonedInstant,
} from '../../../testing/bookings';
import { processDomainEvent } from '../domain-events/domain-events.processor';

const COMPANY = 'hello@lucid-insight.test';
const DAY = 24 * 3600_000;
// Confirmed bookings may not overlap (the exclusion constraint): each time these tests make starts an hour after the
// one before, so the tests' bookings never share a time.
let hoursTaken = 0;
const later = (days: number) => new Date(Date.now() + days * DAY + ++hoursTaken * 3600_000);

const invite = (message: ReceivedEmail) => {
  const attachment = message.parsed.attachments.find((a) => a.filename === 'invite.ics');
  if (!attachment) throw new Error('no invite.ics attached');
  const calendar = new ICAL.Component(ICAL.parse(attachment.content.toString('utf8')));
  return { attachment, calendar, event: new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined) };
};

const linkToken = (message: ReceivedEmail, kind: 'cancel' | 'reschedule') => {
  const match = new RegExp(`http://localhost:3000/booking/${kind}\\?token=([a-z0-9]+)`).exec(message.text);
  if (!match?.[1]) throw new Error(`no ${kind} link in the e-mail`);
  return match[1];
};

describe('a moved booking (booking.rescheduled)', () => {
  const bed = useBookingTestBed({ MEETING_URL_TEMPLATE: 'https://meet.example.com/lucid-{bookingId}' });
  const queue = () => bed.workers.runtime.queues.emails;

  const mailsTo = async (address: string, filter: (m: ReceivedEmail) => boolean, count = 1) =>
    (await waitUntil(
      () => {
        const list = bed.smtp.to(address).filter(filter);
        return list.length >= count ? list : null;
      },
      15_000,
      `e-mail to ${address}`,
    )) as ReceivedEmail[];
  const reminders = (address: string) => bed.smtp.to(address).filter((m) => m.subject.startsWith('Reminder'));

  it('tells the visitor with the old time struck, an updated invite (same UID, new SEQUENCE) and fresh links, and the company who moved it where', async () => {
    // Booked for Friday 30 October 2026, 9:00 EDT; moved to Monday 2 November, 14:00 EST (across the clock change).
    const booking = await insertBooking(bed.db, { date: '2026-10-30', hour: 9 });
    await emitBookingEvent(bed.db, 'booking.created', booking.id);
    const [confirmation] = await mailsTo(booking.email, (m) => m.subject.includes('is booked'));
    const firstToken = linkToken(confirmation!, 'cancel');
    expect(linkToken(confirmation!, 'reschedule')).toBe(firstToken);

    const to = zonedInstant('2026-11-02', 14, 0, 'America/New_York');
    await moveBooking(bed.db, booking.id, to);
    const [moved] = await mailsTo(booking.email, (m) => m.subject.includes('moved'));
    expect(moved!.subject).toBe('Your consultation has moved to Monday, November 2, 2026 at 2:00 PM EST');
    expect(moved!.replyTo).toBe(COMPANY);
    expect(moved!.text).toContain('No longer: Friday, October 30, 2026, 9:00 AM - 9:30 AM EDT');
    expect(moved!.html).toContain('<s>Friday, October 30, 2026, 9:00 AM - 9:30 AM EDT</s>');
    for (const part of [moved!.text, moved!.html]) {
      expect(part).toContain('Monday, November 2, 2026');
      expect(part).toContain('2:00 PM - 2:30 PM');
      expect(part).toContain('EST (America/New_York)');
      expect(part).toContain(`https://meet.example.com/lucid-${booking.id}`);
    }
    expect(moved!.text).toContain('the new time you picked');

    const { attachment, calendar, event } = invite(moved!);
    expect(attachment.headers.get('content-type')).toMatchObject({ params: { method: 'REQUEST' } });
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(event.uid).toBe(booking.calendarUid);
    expect(event.uid).toBe(invite(confirmation!).event.uid);
    expect(event.sequence).toBe(1);
    expect(invite(confirmation!).event.sequence).toBe(0);
    expect(event.startDate.toString()).toBe('2026-11-02T14:00:00');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-02T19:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-02T19:30:00.000Z');
    expect(event.location).toBe(`https://meet.example.com/lucid-${booking.id}`);

    // A token of its own, beside the confirmation's: both links keep working (booking_tokens holds both hashes).
    const token = linkToken(moved!, 'cancel');
    expect(linkToken(moved!, 'reschedule')).toBe(token);
    expect(token).not.toBe(firstToken);
    const hashes = (await bed.db.select().from(schema.bookingTokens))
      .filter((row) => row.bookingId === booking.id)
      .map((row) => row.tokenHash);
    expect(hashes.sort()).toEqual([hashToken(firstToken), hashToken(token)].sort());

    const [company] = await mailsTo(
      COMPANY,
      (m) => m.subject.startsWith('Consultation moved') && m.text.includes(booking.email),
    );
    expect(company!.replyTo).toBe(booking.email);
    expect(company!.subject).toBe(
      `Consultation moved: ${booking.name}, Friday, October 30, 2026 at 9:00 AM EDT → Monday, November 2, 2026 at 2:00 PM EST`,
    );
    expect(company!.text).toContain('From: Friday, October 30, 2026, 9:00 AM - 9:30 AM EDT (no longer booked)');
    expect(company!.text).toContain('To: Monday, November 2, 2026, 2:00 PM - 2:30 PM EST');
    expect(company!.text).toContain('Moved by: the visitor, with the link in their e-mail');
    // One full stop after the time's zone (issue 26: it ended "EST..").
    expect(company!.text).toMatch(/\nMoved \w+day, .+ [AP]M E[SD]T\.\n/);
    expect(company!.html).not.toMatch(/E[SD]T\.\./);
    expect(company!.parsed.attachments).toHaveLength(0);
  });

  it("writes the visitor's own time (issue 26): Berlin's clock first, the company's beside it, both in the text", async () => {
    // Booked for Tuesday 17 November 2026, 10:00 EST (16:00 in Berlin); moved to 11:00 EST (17:00 CET).
    const booking = await insertBooking(bed.db, { date: '2026-11-17', hour: 10, visitorTimeZone: 'Europe/Berlin' });
    await moveBooking(bed.db, booking.id, zonedInstant('2026-11-17', 11, 0, 'America/New_York'));
    const [moved] = await mailsTo(booking.email, (m) => m.subject.includes('moved'));
    expect(moved!.subject).toBe(
      'Your consultation has moved to Tuesday, November 17, 2026 at 5:00 PM GMT+1 (11:00 AM EST)',
    );
    expect(moved!.text).toContain('No longer: Tuesday, November 17, 2026, 4:00 PM - 4:30 PM GMT+1 (10:00 AM EST)');
    for (const part of [moved!.text, moved!.html]) {
      expect(part).toContain('11:00 AM - 11:30 AM');
      expect(part).toContain('Tuesday, November 17, 2026, 5:00 PM - 5:30 PM GMT+1 (Europe/Berlin)');
    }
    expect(moved!.text).toContain('Time zone: EST (America/New_York)\nYour time: Tuesday, November 17, 2026, 5:00 PM');
    // Google and Outlook at the new time, in UTC (16:00 Z).
    expect(moved!.text).toContain('dates=20261117T160000Z%2F20261117T163000Z');
    expect(moved!.text).toContain('startdt=2026-11-17T16%3A00%3A00Z');
    // The company's own e-mail stays in the company's zone.
    const [company] = await mailsTo(
      COMPANY,
      (m) => m.subject.startsWith('Consultation moved') && m.text.includes(booking.email),
    );
    expect(company!.subject).toBe(
      `Consultation moved: ${booking.name}, Tuesday, November 17, 2026 at 10:00 AM EST → Tuesday, November 17, 2026 at 11:00 AM EST`,
    );
  });

  it('says so when the company moved it, and names the administrator to the company', async () => {
    const [admin] = await bed.db
      .insert(schema.users)
      .values({
        email: `grace-${crypto.randomUUID().slice(0, 6)}@lucid-insight.test`,
        firstName: 'Grace',
        isAdmin: true,
      })
      .returning();
    const booking = await insertBooking(bed.db, { date: '2026-11-10', hour: 10 });
    await moveBooking(bed.db, booking.id, zonedInstant('2026-11-11', 11, 0, 'America/New_York'), {
      changedBy: 'admin',
      actorUserId: admin!.id,
    });
    const [moved] = await mailsTo(booking.email, (m) => m.subject.includes('moved'));
    expect(moved!.subject).toBe(
      'Lucid Insight moved your consultation to Wednesday, November 11, 2026 at 11:00 AM EST',
    );
    expect(moved!.text).toContain('Lucid Insight has moved your free 30-minute consultation');
    const [company] = await mailsTo(
      COMPANY,
      (m) => m.subject.startsWith('Consultation moved') && m.text.includes(booking.email),
    );
    expect(company!.text).toContain(`Moved by: Grace <${admin!.email}>`);
  });

  it("writes nothing to a scheduling service's booker (the service does), but tells the company", async () => {
    const booking = await insertBooking(bed.db, {
      source: 'scheduling_service',
      externalId: `https://scheduling.example/invitees/${crypto.randomUUID()}`,
      date: '2026-11-12',
      hour: 9,
    });
    await moveBooking(bed.db, booking.id, zonedInstant('2026-11-13', 9, 0, 'America/New_York'), {
      changedBy: 'scheduling_service',
    });
    const [company] = await mailsTo(
      COMPANY,
      (m) => m.subject.startsWith('Consultation moved') && m.text.includes(booking.email),
    );
    expect(company!.text).toContain('Moved by: the scheduling service');
    await sleep(500);
    expect(bed.smtp.to(booking.email)).toHaveLength(0);
  });

  it('moves the reminder with the meeting: the old one is taken off the queue, only the new time is reminded of', async () => {
    const booking = await insertBooking(bed.db, { startsAt: later(5) });
    const createdId = await emitBookingEvent(bed.db, 'booking.created', booking.id);
    const oldJobId = reminderJobId(createdId, booking.startsAt);
    const oldJob = await waitUntil(() => queue().getJob(oldJobId), 10_000, 'the first reminder job');
    expect(oldJob!.data).toMatchObject({ bookingId: booking.id, plannedStartsAt: booking.startsAt.toISOString() });
    expect(JSON.stringify(oldJob!.data)).not.toMatch(/token/i);

    // Moved to a time whose reminder is due in about two seconds.
    const newStart = new Date(Date.now() + DAY + 2000);
    const { eventId } = await moveBooking(bed.db, booking.id, newStart);
    const newJob = await waitUntil(() => queue().getJob(reminderJobId(eventId!, newStart)), 10_000, 'the new reminder');
    expect(newJob!.data.plannedStartsAt).toBe(newStart.toISOString());
    await waitUntil(async () => !(await queue().getJob(oldJobId)), 10_000, 'the old reminder to be removed');

    const [reminder] = await mailsTo(booking.email, (m) => m.subject.startsWith('Reminder'));
    const when = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: booking.timeZone })
      .format(newStart)
      .replace(/[\u202f\u00a0]/g, ' ');
    expect(reminder!.text).toContain(when);
    // The reminder carries the links too, with a token of its own.
    expect(linkToken(reminder!, 'reschedule')).toBe(linkToken(reminder!, 'cancel'));
    expect(reminder!.text).toContain(`Video call: https://meet.example.com/lucid-${booking.id}`);

    // A reminder for the old time that still runs (queued before the move, or one the removal missed) sends nothing.
    const stale = await queue().add(
      'booking-reminder',
      {
        eventId: createdId,
        template: 'booking-reminder',
        bookingId: booking.id,
        plannedStartsAt: booking.startsAt.toISOString(),
      },
      { jobId: `${oldJobId}-again` },
    );
    // So does one queued before jobs carried their start: the booking has changed since (sequence 1).
    const legacy = await queue().add(
      'booking-reminder',
      { eventId: createdId, template: 'booking-reminder' },
      { jobId: `${oldJobId}-legacy` },
    );
    for (const job of [stale, legacy]) {
      await waitUntil(async () => (await job.getState()) === 'completed', 10_000, 'the stale reminder to run');
      expect((await queue().getJob(job.id!))!.returnvalue).toEqual({ status: 'skipped' });
    }
    await sleep(300);
    expect(reminders(booking.email)).toHaveLength(1);
  });

  it('sends no reminder for a moved booking cancelled afterwards', async () => {
    const booking = await insertBooking(bed.db, { startsAt: later(6) });
    const newStart = later(4);
    const { eventId } = await moveBooking(bed.db, booking.id, newStart);
    const job = await waitUntil(() => queue().getJob(reminderJobId(eventId!, newStart)), 10_000, 'the reminder');
    await cancelBooking(bed.db, booking.id, { emit: false });
    await job!.promote();
    await waitUntil(async () => (await job!.getState()) === 'completed', 10_000, 'the reminder job to run');
    expect((await queue().getJob(job!.id!))!.returnvalue).toEqual({ status: 'skipped' });
    await sleep(300);
    expect(reminders(booking.email)).toHaveLength(0);
  });

  it('takes the reminders of a cancelled booking off the queue', async () => {
    const booking = await insertBooking(bed.db, { startsAt: later(6) });
    const createdId = await emitBookingEvent(bed.db, 'booking.created', booking.id);
    await waitUntil(() => queue().getJob(reminderJobId(createdId, booking.startsAt)), 10_000, 'the reminder');
    await cancelBooking(bed.db, booking.id);
    await waitUntil(
      async () => !(await queue().getJob(reminderJobId(createdId, booking.startsAt))),
      10_000,
      'the reminder to be removed',
    );
  });

  it('a late fan-out of an older move neither reminds of its time nor drops the newer reminder', async () => {
    const booking = await insertBooking(bed.db, { startsAt: later(6) });
    const second = later(4);
    const first = await moveBooking(bed.db, booking.id, later(5), { emit: false });
    const { eventId } = await moveBooking(bed.db, booking.id, second);
    await waitUntil(() => queue().getJob(reminderJobId(eventId!, second)), 10_000, 'the newer reminder');
    // The first move's event arrives last.
    const lateId = await emitBookingEvent(bed.db, 'booking.rescheduled', booking.id, { changeId: first.changeId });
    await waitUntil(
      async () =>
        (await bed.db.select().from(schema.emailDeliveries).where(eq(schema.emailDeliveries.eventId, lateId))).length >=
        2,
      15_000,
      'the late event to be fanned out',
    );
    const delayed = (await queue().getDelayed()).filter((job) => job.data.bookingId === booking.id);
    expect(delayed.map((job) => job.data.plannedStartsAt)).toEqual([second.toISOString()]);
  });

  it('leaves exactly one reminder when a booking is moved away and back to its first time', async () => {
    const first = later(5);
    const booking = await insertBooking(bed.db, { startsAt: first });
    const createdId = await emitBookingEvent(bed.db, 'booking.created', booking.id);
    await waitUntil(() => queue().getJob(reminderJobId(createdId, first)), 10_000, 'the first reminder');
    // Moved away and back; the move away's fan-out never took the first reminder off the queue (here: never ran).
    await moveBooking(bed.db, booking.id, later(4), { emit: false });
    const back = await moveBooking(bed.db, booking.id, first, { emit: false });
    const backId = await emitBookingEvent(bed.db, 'booking.rescheduled', booking.id, { changeId: back.changeId });
    await waitUntil(() => queue().getJob(reminderJobId(backId, first)), 10_000, 'the reminder of the move back');
    await waitUntil(
      async () => (await queue().getDelayed()).filter((job) => job.data.bookingId === booking.id).length === 1,
      10_000,
      'one reminder left',
    );
    const [left] = (await queue().getDelayed()).filter((job) => job.data.bookingId === booking.id);
    expect(left!.id).toBe(reminderJobId(backId, first));
  });

  it('fans a move out once, however many copies of its event arrive at once', async () => {
    const booking = await insertBooking(bed.db, { startsAt: later(5) });
    const newStart = later(3);
    const { changeId } = await moveBooking(bed.db, booking.id, newStart, { emit: false });
    // Stored once (the sweeper publishes it too) and handled by five workers at the same moment.
    const eventId = await emitBookingEvent(bed.db, 'booking.rescheduled', booking.id, { changeId });
    const { queues } = bed.workers.runtime;
    const deps = {
      db: bed.db,
      emails: queues.emails,
      emailJobOptions: {},
      calendar: queues.calendar,
      calendarJobOptions: {},
      logger: pino({ level: 'silent' }),
    };
    await Promise.all(
      Array.from({ length: 5 }, () => processDomainEvent({ data: { eventId } } as Job<{ eventId: string }>, deps)),
    );
    await mailsTo(booking.email, (m) => m.subject.includes('moved'));
    await mailsTo(COMPANY, (m) => m.subject.startsWith('Consultation moved') && m.text.includes(booking.email));
    await sleep(1000);
    expect(bed.smtp.to(booking.email).filter((m) => m.subject.includes('moved'))).toHaveLength(1);
    expect(bed.smtp.to(COMPANY).filter((m) => m.text.includes(booking.email))).toHaveLength(1);
    const delayed = (await queue().getDelayed()).filter((job) => job.data.bookingId === booking.id);
    expect(delayed.map((job) => job.id)).toEqual([reminderJobId(eventId, newStart)]);
  });
});
