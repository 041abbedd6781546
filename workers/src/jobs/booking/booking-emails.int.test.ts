import { GOOGLE_CALENDAR_URL, hashToken, OUTLOOK_CALENDAR_URL, reminderJobId } from '@app/contracts/server';
import * as schema from '@app/db/schema';
import { type ReceivedEmail, sleep, waitUntil } from '@app/testing';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  type BookingRow,
  cancelBooking,
  emitBookingEvent,
  findBookingRow,
  insertBooking,
  useBookingTestBed,
} from '../../../testing/bookings';

const COMPANY = 'hello@lucid-insight.test';
const DAY = 24 * 3600_000;

const invite = (message: ReceivedEmail) => {
  const attachment = message.parsed.attachments.find((a) => a.filename === 'invite.ics');
  if (!attachment) throw new Error('no invite.ics attached');
  const calendar = new ICAL.Component(ICAL.parse(attachment.content.toString('utf8')));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
  return { attachment, calendar, event };
};

/** Company e-mails about this booking (they name the visitor's address). */
const about = (booking: BookingRow) => (m: ReceivedEmail) => m.text.includes(booking.email);

const cancelToken = (message: ReceivedEmail) => {
  const match = /http:\/\/localhost:3000\/booking\/cancel\?token=([a-z0-9]+)/.exec(message.text);
  if (!match?.[1]) throw new Error('no cancel link in the e-mail');
  return match[1];
};

describe('booking e-mails', () => {
  const bed = useBookingTestBed({ MEETING_URL_TEMPLATE: 'https://meet.example.com/lucid-{bookingId}' });

  const reminderJob = (eventId: string, startsAt: Date) =>
    bed.workers.runtime.queues.emails.getJob(reminderJobId(eventId, startsAt));
  const waitForReminderJob = async (eventId: string, startsAt: Date) => {
    const job = await waitUntil(() => reminderJob(eventId, startsAt), 10_000, 'the reminder job');
    if (!job) throw new Error('no reminder job');
    return job;
  };
  const mailsTo = async (address: string, filter: (m: ReceivedEmail) => boolean = () => true, timeoutMs = 15_000) =>
    (await waitUntil(
      () => {
        const list = bed.smtp.to(address).filter(filter);
        return list.length ? list : null;
      },
      timeoutMs,
      `e-mail to ${address}`,
    )) as ReceivedEmail[];

  it('confirms a booking across the autumn clock change with an .ics invite, a hashed cancel link and a company notification', async () => {
    // 2026-11-02 is the Monday after New York leaves daylight saving time: 09:00 EST = 14:00 UTC.
    const booking = await insertBooking(bed.db, { date: '2026-11-02', hour: 9 });
    expect(booking.startsAt.toISOString()).toBe('2026-11-02T14:00:00.000Z');
    await emitBookingEvent(bed.db, 'booking.created', booking.id);
    const [confirmation] = await mailsTo(booking.email);
    expect(confirmation).toBeDefined();
    expect(confirmation!.subject).toContain('Your consultation with Lucid Insight is booked');
    expect(confirmation!.replyTo).toBe(COMPANY);
    for (const part of [confirmation!.text, confirmation!.html]) {
      expect(part).toContain('Monday, November 2, 2026');
      expect(part).toContain('9:00 AM - 9:30 AM');
      expect(part).toContain('EST (America/New_York)');
      expect(part).toContain('free 30-minute consultation');
    }

    const { attachment, calendar, event } = invite(confirmation!);
    expect(attachment.contentType).toBe('text/calendar');
    expect(attachment.headers.get('content-type')).toMatchObject({ params: { method: 'REQUEST', charset: 'UTF-8' } });
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(event.uid).toBe(booking.calendarUid);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-02T14:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-02T14:30:00.000Z');
    // Local time in the company's zone, with its VTIMEZONE (Outlook shows a TZID without one an hour off).
    expect(event.startDate.zone?.tzid).toBe('America/New_York');
    expect(event.startDate.toString()).toBe('2026-11-02T09:00:00');
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('America/New_York');
    expect(event.sequence).toBe(0);
    expect(event.location).toBe(`https://meet.example.com/lucid-${booking.id}`);
    expect(event.summary).toContain('consultation');
    expect(event.description).toContain(booking.name);
    expect(String(event.component.getFirstPropertyValue('organizer')).toLowerCase()).toBe(`mailto:${COMPANY}`);
    const attendee = event.component.getFirstProperty('attendee');
    expect(String(attendee?.getFirstValue()).toLowerCase()).toBe(`mailto:${booking.email}`);
    expect(attendee?.getParameter('rsvp')).toBe('TRUE');

    // The meeting link, in both parts (a link in the HTML).
    expect(confirmation!.text).toContain(`Video call: https://meet.example.com/lucid-${booking.id}`);
    expect(confirmation!.html).toContain(`<a href="https://meet.example.com/lucid-${booking.id}">`);

    // The cancel and reschedule links share one token, which exists only in the e-mail; the database keeps its hash
    // (booking_tokens, and the booking's cancel_token_hash the API's older lookup reads).
    const token = cancelToken(confirmation!);
    expect(confirmation!.html).toContain(`/booking/cancel?token=${token}`);
    expect(confirmation!.text).toContain(`http://localhost:3000/booking/reschedule?token=${token}`);
    expect(confirmation!.html).toContain(`/booking/reschedule?token=${token}`);
    const stored = await findBookingRow(bed.db, booking.id);
    expect(stored!.cancelTokenHash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const tokens = await bed.db.select().from(schema.bookingTokens);
    expect(tokens.filter((row) => row.bookingId === booking.id).map((row) => row.tokenHash)).toEqual([
      hashToken(token),
    ]);

    const [notification] = await mailsTo(COMPANY, about(booking));
    expect(notification!.replyTo).toBe(booking.email);
    expect(notification!.subject).toContain(`New consultation booked: ${booking.name}`);
    for (const value of [
      booking.name,
      booking.email,
      booking.businessName!,
      'Manufacturing & logistics',
      'Monday, November 2, 2026',
      '9:00 AM - 9:30 AM',
      'EST (America/New_York)',
      'Booking form on the website',
    ])
      expect(notification!.text).toContain(value);
    expect(notification!.html).toContain('Analytical Engines &lt;');
    expect(notification!.parsed.attachments).toHaveLength(0);
  });

  it('writes a summer booking in daylight saving time, matching its invite', async () => {
    const booking = await insertBooking(bed.db, { date: '2026-07-15', hour: 14 });
    expect(booking.startsAt.toISOString()).toBe('2026-07-15T18:00:00.000Z');
    await emitBookingEvent(bed.db, 'booking.created', booking.id);
    const [confirmation] = await mailsTo(booking.email);
    expect(confirmation!.text).toContain('Wednesday, July 15, 2026');
    expect(confirmation!.text).toContain('2:00 PM - 2:30 PM');
    expect(confirmation!.text).toContain('EDT (America/New_York)');
    const { event } = invite(confirmation!);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-07-15T18:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-07-15T18:30:00.000Z');
  });

  it("writes the visitor's own time beside the company's (issue 26): confirmation, invite, calendar links, cancellation", async () => {
    // Wednesday 4 November 2026, 10:00 EST = 15:00 UTC = 16:00 in Berlin (CET, shown as GMT+1 in en-US).
    const booking = await insertBooking(bed.db, { date: '2026-11-04', hour: 10, visitorTimeZone: 'Europe/Berlin' });
    await emitBookingEvent(bed.db, 'booking.created', booking.id);
    const [confirmation] = await mailsTo(booking.email);
    expect(confirmation!.subject).toBe(
      'Your consultation with Lucid Insight is booked: Wednesday, November 4, 2026 at 4:00 PM GMT+1 (10:00 AM EST)',
    );
    const berlin = 'Wednesday, November 4, 2026, 4:00 PM - 4:30 PM GMT+1 (Europe/Berlin)';
    for (const part of [confirmation!.text, confirmation!.html]) {
      expect(part).toContain('10:00 AM - 10:30 AM');
      expect(part).toContain('EST (America/New_York)');
      expect(part).toContain(berlin);
    }
    expect(confirmation!.text).toContain(`Your time: ${berlin}`);
    // The invite keeps the company's zone for its times and says the visitor's in its description.
    const { event } = invite(confirmation!);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-04T15:00:00.000Z');
    expect(event.description).toContain(`Your time: ${berlin}`);

    // Google Calendar and Outlook, as their add-event pages take an event: UTC start and end.
    const linkTo = (label: string) => {
      const match = new RegExp(`${label}: (\\S+)`).exec(confirmation!.text);
      if (!match?.[1]) throw new Error(`no ${label} link`);
      return new URL(match[1]);
    };
    const google = linkTo('Google Calendar');
    expect(`${google.origin}${google.pathname}`).toBe(GOOGLE_CALENDAR_URL);
    expect(google.searchParams.get('action')).toBe('TEMPLATE');
    expect(google.searchParams.get('dates')).toBe('20261104T150000Z/20261104T153000Z');
    expect(google.searchParams.get('ctz')).toBe('Europe/Berlin');
    expect(google.searchParams.get('text')).toBe('Free 30-minute consultation with Lucid Insight');
    expect(google.searchParams.get('location')).toBe(`https://meet.example.com/lucid-${booking.id}`);
    const outlook = linkTo('Outlook');
    expect(`${outlook.origin}${outlook.pathname}`).toBe(OUTLOOK_CALENDAR_URL);
    expect(outlook.searchParams.get('rru')).toBe('addevent');
    expect(outlook.searchParams.get('startdt')).toBe('2026-11-04T15:00:00Z');
    expect(outlook.searchParams.get('enddt')).toBe('2026-11-04T15:30:00Z');
    expect(outlook.searchParams.get('body')).toContain(`Your time: ${berlin}`);
    expect(confirmation!.html).toContain('>Add to Google Calendar</a>');
    expect(confirmation!.html).toContain('>Add to Outlook</a>');

    // The company's notification stays in the company's zone.
    const [notification] = await mailsTo(COMPANY, about(booking));
    expect(notification!.subject).toBe(
      `New consultation booked: ${booking.name}, Wednesday, November 4, 2026 at 10:00 AM EST`,
    );

    await cancelBooking(bed.db, booking.id);
    const [cancelled] = await mailsTo(booking.email, (m) => m.subject.includes('cancelled'));
    expect(cancelled!.subject).toBe(
      'Your consultation on Wednesday, November 4, 2026 at 4:00 PM GMT+1 (10:00 AM EST) is cancelled',
    );
    expect(cancelled!.text).toContain(`(That is ${berlin} where you are.)`);
  });

  it("says nothing of a visitor zone it does not know, nor of one whose clock is the same as the company's", async () => {
    const unknown = await insertBooking(bed.db, { date: '2026-11-05', hour: 10 });
    const same = await insertBooking(bed.db, { date: '2026-11-05', hour: 11, visitorTimeZone: 'America/Toronto' });
    for (const booking of [unknown, same]) await emitBookingEvent(bed.db, 'booking.created', booking.id);
    for (const booking of [unknown, same]) {
      const [confirmation] = await mailsTo(booking.email);
      expect(confirmation!.text).not.toContain('Your time');
      expect(confirmation!.html).not.toContain('Your time');
      expect(confirmation!.subject).toMatch(/at 1[01]:00 AM EST$/);
      expect(invite(confirmation!).event.description).not.toContain('Your time');
    }
  });

  it('queues the reminder as a job delayed until 24 hours before the meeting', async () => {
    const startsAt = new Date(Date.now() + 10 * DAY);
    const booking = await insertBooking(bed.db, { startsAt });
    const before = Date.now();
    const eventId = await emitBookingEvent(bed.db, 'booking.created', booking.id);
    const job = await waitForReminderJob(eventId, booking.startsAt);
    expect(await job.getState()).toBe('delayed');
    const due = job.timestamp + (job.opts.delay ?? 0);
    expect(Math.abs(due - (startsAt.getTime() - DAY))).toBeLessThan(Date.now() - before + 1000);
    expect(job.delay).toBeGreaterThan(9 * DAY - 60_000);
  });

  it('sends the reminder when it is due', async () => {
    const booking = await insertBooking(bed.db, {
      startsAt: new Date(Date.now() + DAY + 3000),
      visitorTimeZone: 'Asia/Kolkata',
    });
    const eventId = await emitBookingEvent(bed.db, 'booking.created', booking.id);
    const job = await waitForReminderJob(eventId, booking.startsAt);
    expect(await job.getState()).toBe('delayed');
    const [reminder] = await mailsTo(booking.email, (m) => m.subject.startsWith('Reminder'));
    expect(reminder!.subject).toContain('is tomorrow');
    // In the visitor's zone too (issue 26): India is 9.5 or 10.5 hours ahead of New York, never the same clock.
    expect(reminder!.subject).toMatch(/ GMT\+5:30 \(\d{1,2}:\d{2} [AP]M E[SD]T\)$/);
    expect(reminder!.text).toMatch(/Your time: .+ GMT\+5:30 \(Asia\/Kolkata\)/);
    expect(reminder!.text).toContain(booking.name);
    expect(reminder!.text).toMatch(/\d{1,2}:\d{2} [AP]M - /);
    expect(bed.smtp.to(booking.email).filter((m) => m.subject.startsWith('Reminder'))).toHaveLength(1);
  });

  it('skips the reminder of a cancelled booking', async () => {
    const booking = await insertBooking(bed.db, { startsAt: new Date(Date.now() + 5 * DAY) });
    const eventId = await emitBookingEvent(bed.db, 'booking.created', booking.id);
    const job = await waitForReminderJob(eventId, booking.startsAt);
    await cancelBooking(bed.db, booking.id, { emit: false });
    await job.promote();
    await waitUntil(async () => (await job.getState()) === 'completed', 10_000, 'the reminder job to run');
    const done = await reminderJob(eventId, booking.startsAt);
    expect(done!.returnvalue).toEqual({ status: 'skipped' });
    await sleep(300);
    expect(bed.smtp.to(booking.email).filter((m) => m.subject.startsWith('Reminder'))).toHaveLength(0);
  });

  it('sends no confirmation (and no reminder) for a scheduling-service booking, but notifies the company', async () => {
    const booking = await insertBooking(bed.db, {
      source: 'scheduling_service',
      externalId: `https://scheduling.example/invitees/${crypto.randomUUID()}`,
      startsAt: new Date(Date.now() + 7 * DAY),
    });
    const eventId = await emitBookingEvent(bed.db, 'booking.created', booking.id);
    const [notification] = await mailsTo(COMPANY, about(booking));
    expect(notification!.text).toContain('Scheduling widget');
    await sleep(800);
    expect(bed.smtp.to(booking.email)).toHaveLength(0);
    expect(await reminderJob(eventId, booking.startsAt)).toBeFalsy();
    const rows = await bed.db.select().from(schema.emailDeliveries);
    expect(rows.filter((d) => d.eventId === eventId).map((d) => d.template)).toEqual(['booking-notification']);
  });

  it('e-mails both sides when a booking is cancelled', async () => {
    const booking: BookingRow = await insertBooking(bed.db, { date: '2026-11-03', hour: 11 });
    await emitBookingEvent(bed.db, 'booking.created', booking.id);
    await mailsTo(booking.email);
    await mailsTo(COMPANY, about(booking));

    await cancelBooking(bed.db, booking.id);
    const [visitor] = await mailsTo(booking.email, (m) => m.subject.includes('cancelled'));
    const [company] = await mailsTo(COMPANY, (m) => about(booking)(m) && m.subject.includes('cancelled'));
    expect(visitor!.subject).toBe('Your consultation on Tuesday, November 3, 2026 at 11:00 AM EST is cancelled');
    expect(visitor!.text).toContain('http://localhost:3000/book-consultation');
    expect(visitor!.replyTo).toBe(COMPANY);
    expect(company!.subject).toContain(`Consultation cancelled: ${booking.name}`);
    expect(company!.replyTo).toBe(booking.email);
    for (const value of [booking.email, booking.businessName!, '11:00 AM - 11:30 AM', 'EST (America/New_York)'])
      expect(company!.text).toContain(value);
    await sleep(300);
    expect(bed.smtp.to(booking.email)).toHaveLength(2);
    expect(bed.smtp.to(COMPANY).filter(about(booking))).toHaveLength(2);
  });

  it('without CALDAV_URL, calendar jobs do nothing while the e-mails go out', async () => {
    const booking = await insertBooking(bed.db, { date: '2026-11-04', hour: 10 });
    const eventId = await emitBookingEvent(bed.db, 'booking.created', booking.id);
    await mailsTo(booking.email);
    await mailsTo(COMPANY, about(booking));
    const calendar = bed.workers.runtime.queues.calendar;
    for (const name of ['put-booking', 'sync-busy']) {
      const job = await waitUntil(async () => {
        const found = await calendar.getJob(`${eventId}__${name}`);
        return found && (await found.getState()) === 'completed' ? found : null;
      });
      expect(job?.returnvalue).toEqual({ status: 'no-calendar' });
    }
    expect((await findBookingRow(bed.db, booking.id))!.calendarHref).toBeNull();
    expect(await bed.db.select().from(schema.calendarBusy)).toHaveLength(0);
    expect(await calendar.getJobSchedulers()).toHaveLength(0);
  });
});
