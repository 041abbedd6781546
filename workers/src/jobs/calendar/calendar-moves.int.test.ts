import type { CalendarJob } from '@app/contracts/server';
import * as schema from '@app/db/schema';
import { type ReceivedEmail, waitUntil } from '@app/testing';
import type { TestRadicale } from '@app/testing/radicale';
import type { Job } from 'bullmq';
import ICAL from 'ical.js';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BookingTestBed,
  cancelBooking,
  emitBookingEvent,
  findBookingRow,
  insertBooking,
  moveBooking,
  startCalendarTestBed,
  zonedInstant,
} from '../../../testing/bookings';
import { AUTUMN_BUSY, autumnCalendar } from '../../../testing/calendar-events';
import { createCalDavClient } from '../../calendar/caldav';
import { processCalendarJob } from './calendar.processor';

const ZONE = 'America/New_York';
const MEETING = 'https://meet.example.com/lucid-{bookingId}';

const parse = (text: string) => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, event: new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined) };
};

describe('moved bookings and recurring busy time in the company calendar (Radicale)', () => {
  let radicale: TestRadicale;
  let calendarUrl: string;
  let bed: BookingTestBed;

  const auth = () => ({ authorization: radicale.authHeader });
  const get = (href: string) => fetch(new URL(href, calendarUrl), { headers: auth() });
  /** Every object of a collection, as a calendar app syncing it sees them. */
  const objects = (url = calendarUrl) =>
    createCalDavClient({ url, username: radicale.username, password: radicale.password }).fetchEvents(
      new Date('2000-01-01T00:00:00Z'),
      new Date('2100-01-01T00:00:00Z'),
    );
  const withUid = async (uid: string, url = calendarUrl) =>
    (await objects(url)).filter((text) => parse(text).event.uid === uid);

  beforeAll(async () => {
    ({ radicale, calendarUrl, bed } = await startCalendarTestBed({ MEETING_URL_TEMPLATE: MEETING }));
  });
  afterAll(async () => {
    await bed?.close();
    await radicale?.stop();
  });

  it('updates the event in place on a move (one event, new times, higher SEQUENCE) and removes it on cancel', async () => {
    const booking = await insertBooking(bed.db, { date: '2026-12-07', hour: 9 });
    await emitBookingEvent(bed.db, 'booking.created', booking.id);
    const href = (await waitUntil(
      async () => (await findBookingRow(bed.db, booking.id))?.calendarHref,
      15_000,
    )) as string;
    const first = parse(await (await get(href)).text()).event;
    expect(first.sequence).toBe(0);

    const to = zonedInstant('2026-12-09', 14, 30, ZONE);
    await moveBooking(bed.db, booking.id, to);
    const moved = await waitUntil(
      async () => {
        const { event } = parse(await (await get(href)).text());
        return event.sequence === 1 ? event : null;
      },
      15_000,
      'the event to move',
    );
    expect(moved!.uid).toBe(booking.calendarUid);
    expect(moved!.startDate.toJSDate().toISOString()).toBe(to.toISOString());
    expect(moved!.startDate.toString()).toBe('2026-12-09T14:30:00');
    expect(moved!.location).toBe(`https://meet.example.com/lucid-${booking.id}`);
    expect(await withUid(booking.calendarUid)).toHaveLength(1);
    expect((await findBookingRow(bed.db, booking.id))!.calendarHref).toBe(href);

    await cancelBooking(bed.db, booking.id);
    await waitUntil(async () => (await get(href)).status === 404, 15_000, 'the event to be removed');
    expect(await withUid(booking.calendarUid)).toHaveLength(0);
  });

  it('creates the event once when a moved booking has none yet (its href was never saved)', async () => {
    const booking = await insertBooking(bed.db, { date: '2026-12-08', hour: 11 });
    const to = zonedInstant('2026-12-10', 10, 0, ZONE);
    await moveBooking(bed.db, booking.id, to);
    const href = (await waitUntil(
      async () => (await findBookingRow(bed.db, booking.id))?.calendarHref,
      15_000,
    )) as string;
    expect(href).toBe(`${calendarUrl}${encodeURIComponent(booking.calendarUid)}.ics`);
    const [only, ...more] = await withUid(booking.calendarUid);
    expect(more).toHaveLength(0);
    expect(parse(only!).event.startDate.toJSDate().toISOString()).toBe(to.toISOString());
  });

  it('e-mails invites a CalDAV server imports and finds at the right instants (VTIMEZONE understood)', async () => {
    const importUrl = await radicale.makeCalendar('visitor-import');
    const booking = await insertBooking(bed.db, { date: '2026-12-14', hour: 9 });
    await emitBookingEvent(bed.db, 'booking.created', booking.id);
    const to = zonedInstant('2026-12-15', 13, 0, ZONE);
    await moveBooking(bed.db, booking.id, to);
    const moved = (await waitUntil(
      () => bed.smtp.to(booking.email).find((m) => m.subject.includes('moved')) ?? null,
      15_000,
    )) as ReceivedEmail;
    const text = moved.parsed.attachments.find((a) => a.filename === 'invite.ics')!.content.toString('utf8');
    // What a calendar app stores when the visitor accepts: the object without its iTIP METHOD (RFC 4791).
    const stored = text.replace(/^METHOD:.*\r\n/m, '');
    const put = await fetch(`${importUrl}invite.ics`, {
      method: 'PUT',
      headers: { ...auth(), 'content-type': 'text/calendar; charset=utf-8' },
      body: stored,
    });
    expect(put.status).toBe(201);
    const client = createCalDavClient({ url: importUrl, username: radicale.username, password: radicale.password });
    // The server's own time-range search places it at 13:00 EST = 18:00 UTC, not an hour off.
    const at = (start: string, end: string) => client.fetchEvents(new Date(start), new Date(end));
    expect(await at('2026-12-15T18:00:00Z', '2026-12-15T18:30:00Z')).toHaveLength(1);
    expect(await at('2026-12-15T17:00:00Z', '2026-12-15T18:00:00Z')).toHaveLength(0);
    expect(await at('2026-12-15T18:30:00Z', '2026-12-15T19:30:00Z')).toHaveLength(0);
    const { calendar, event } = parse((await at('2026-12-15T18:00:00Z', '2026-12-15T18:30:00Z'))[0]!);
    expect(event.uid).toBe(booking.calendarUid);
    expect(event.sequence).toBe(1);
    expect(event.startDate.toJSDate().toISOString()).toBe(to.toISOString());
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe(ZONE);
    expect(event.component.getFirstSubcomponent('valarm')?.getFirstPropertyValue('trigger')?.toString()).toBe('-PT15M');
  });

  it('copies recurring events (across the clock change, EXDATE, moved and cancelled occurrences), all-day events and other zones into calendar_busy, exactly', async () => {
    const busyUrl = await radicale.makeCalendar('company-busy');
    const id = crypto.randomUUID();
    const uid = (name: string) => `${name}-${id}@company.test`;
    for (const [i, text] of autumnCalendar(uid).entries()) {
      const put = await fetch(`${busyUrl}event-${i}.ics`, {
        method: 'PUT',
        headers: { ...auth(), 'content-type': 'text/calendar; charset=utf-8' },
        body: text,
      });
      expect(put.status, `event ${i}`).toBe(201);
    }
    // A booking of ours in the same calendar still blocks through itself, not through a copy.
    const ours = await insertBooking(bed.db, { date: '2026-10-07', hour: 9 });
    const putOurs = await fetch(`${busyUrl}ours.ics`, {
      method: 'PUT',
      headers: { ...auth(), 'content-type': 'text/calendar; charset=utf-8' },
      body: autumnCalendar(() => ours.calendarUid)[1],
    });
    expect(putOurs.status).toBe(201);

    // The sync as it runs on 1 October 2026: the 60 days ahead span both autumn clock changes.
    const result = await processCalendarJob({ id: 'sync', name: 'sync-busy', data: {} } as Job<CalendarJob>, {
      db: bed.db,
      calendar: createCalDavClient({ url: busyUrl, username: radicale.username, password: radicale.password }),
      companyEmail: 'hello@lucid-insight.test',
      appUrl: 'http://localhost:3000',
      timeZone: ZONE,
      logger: pino({ level: 'silent' }),
      now: () => new Date('2026-10-01T00:00:00Z'),
    });
    expect(result).toEqual({ status: 'synced', busy: AUTUMN_BUSY.length });
    const rows = await bed.db.select().from(schema.calendarBusy);
    expect(
      rows
        .map((row) => [row.uid, row.startsAt.toISOString(), row.endsAt.toISOString()])
        .sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    ).toEqual(AUTUMN_BUSY.map(([name, start, end]) => [uid(name), start, end]));

    // What the availability asks of a half-hour slot: does a busy time overlap it?
    const blocked = async (iso: string) => {
      const start = new Date(iso);
      const end = new Date(start.getTime() + 30 * 60_000);
      return (await bed.db.select().from(schema.calendarBusy)).some((r) => r.startsAt < end && r.endsAt > start);
    };
    // 10:00 Berlin on a Monday after Europe's change is 04:00 New York time (09:00 UTC); before it, 08:00 UTC.
    expect(await blocked('2026-10-26T09:00:00Z')).toBe(true);
    expect(await blocked('2026-10-26T08:00:00Z')).toBe(false);
    expect(await blocked('2026-10-12T08:30:00Z')).toBe(true);
    expect(await blocked('2026-10-19T08:00:00Z')).toBe(false); // EXDATE
    expect(await blocked('2026-11-02T09:00:00Z')).toBe(false); // moved away...
    expect(await blocked('2026-11-02T14:30:00Z')).toBe(true); // ...to 15:00 Berlin
    expect(await blocked('2026-11-09T09:00:00Z')).toBe(false); // cancelled occurrence
    expect(await blocked('2026-10-28T13:00:00Z')).toBe(true); // all day
    expect(await blocked('2026-10-29T04:00:00Z')).toBe(false); // the next day
    expect(await blocked('2026-11-03T21:00:00Z')).toBe(true); // 16:00 New York
    expect(await blocked('2026-10-27T13:00:00Z')).toBe(false); // free
    expect(await blocked('2026-10-29T13:00:00Z')).toBe(false); // cancelled
    expect(rows.some((row) => row.uid === ours.calendarUid)).toBe(false);
  });
});
