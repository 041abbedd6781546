import * as schema from '@app/db/schema';
import { sleep, waitUntil } from '@app/testing';
import type { TestRadicale } from '@app/testing/radicale';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BookingTestBed,
  cancelBooking,
  emitBookingEvent,
  findBookingRow,
  insertBooking,
  startCalendarTestBed,
  zonedInstant,
} from '../../../testing/bookings';

const DAY = 24 * 3600_000;
const ZONE = 'America/New_York';

/** A weekday (yyyy-MM-dd, in New York) some days from now. */
function weekdayFromNow(days: number): string {
  for (let d = days; ; d++) {
    const at = new Date(Date.now() + d * DAY);
    const weekday = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'short' }).format(at);
    if (weekday !== 'Sat' && weekday !== 'Sun') return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(at);
  }
}

describe('the company calendar over CalDAV (Radicale)', () => {
  let radicale: TestRadicale;
  let calendarUrl: string;
  let bed: BookingTestBed;

  const get = (href: string) => fetch(new URL(href, calendarUrl), { headers: { authorization: radicale.authHeader } });
  /** Puts an event (its UID, summary and times) into the calendar by hand, as a calendar app would. */
  const putEvent = (name: string, uid: string, summary: string, times: readonly string[]) =>
    fetch(`${calendarUrl}${name}.ics`, {
      method: 'PUT',
      headers: { authorization: radicale.authHeader, 'content-type': 'text/calendar; charset=utf-8' },
      body: [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Hand//Made//EN',
        'BEGIN:VEVENT',
        `UID:${uid}`,
        'DTSTAMP:20260101T000000Z',
        ...times,
        `SUMMARY:${summary}`,
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    });
  const busyRows = () => bed.db.select().from(schema.calendarBusy);

  beforeAll(async () => {
    ({ radicale, calendarUrl, bed } = await startCalendarTestBed({ CALENDAR_SYNC_INTERVAL_MS: '1000' }));
  });
  afterAll(async () => {
    await bed?.close();
    await radicale?.stop();
  });

  it('puts a booking into the calendar and removes it when the booking is cancelled', async () => {
    const date = weekdayFromNow(7);
    const booking = await insertBooking(bed.db, { date, hour: 13, timeLabel: '01:00 PM - 01:30 PM' });
    await emitBookingEvent(bed.db, 'booking.created', booking.id);

    const href = (await waitUntil(
      async () => (await findBookingRow(bed.db, booking.id))?.calendarHref,
      15_000,
      'href',
    )) as string;
    expect(href).toBe(`${calendarUrl}${encodeURIComponent(booking.calendarUid)}.ics`);
    const response = await get(href);
    expect(response.status).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(await response.text()));
    // A CalDAV object carries no METHOD (RFC 4791); the invite e-mail does.
    expect(calendar.getFirstPropertyValue('method')).toBeNull();
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
    expect(event.uid).toBe(booking.calendarUid);
    expect(event.startDate.toJSDate().toISOString()).toBe(booking.startsAt.toISOString());
    expect(event.endDate.toJSDate().toISOString()).toBe(booking.endsAt.toISOString());
    expect(event.summary).toContain('consultation');
    expect(event.description).toContain(booking.email);

    // Our own event is in the calendar, but not copied into the busy times: the booking itself blocks the slot.
    await sleep(1500);
    expect((await busyRows()).some((row) => row.uid === booking.calendarUid)).toBe(false);

    await cancelBooking(bed.db, booking.id);
    await waitUntil(async () => (await get(href)).status === 404, 15_000, 'the event to be removed');
    await waitUntil(
      async () => (await findBookingRow(bed.db, booking.id))?.calendarHref === null,
      5000,
      'href cleared',
    );
  });

  it('copies an event put into the calendar by hand into calendar_busy, so its slot is blocked', async () => {
    const date = weekdayFromNow(10);
    const compact = date.replaceAll('-', '');
    const id = `${crypto.randomUUID()}@example.com`;
    const uid = `dentist-${id}`;
    const events = [
      // As a calendar app would write it: a local time with a TZID (no VTIMEZONE: ical.js cannot resolve it alone).
      ['dentist', 'Dentist', `DTSTART;TZID=${ZONE}:${compact}T100000`, `DTEND;TZID=${ZONE}:${compact}T103000`],
      ['free', 'Free time, not busy', `DTSTART:${compact}T200000Z`, `DTEND:${compact}T210000Z`, 'TRANSP:TRANSPARENT'],
      [
        'weekly',
        'Weekly team call',
        `DTSTART:${compact}T160000Z`,
        `DTEND:${compact}T170000Z`,
        'RRULE:FREQ=WEEKLY;COUNT=3',
      ],
    ] as const;
    for (const [name, summary, ...times] of events)
      expect((await putEvent(name, `${name}-${id}`, summary, times)).status, name).toBe(201);

    // A booking of ours in the same calendar stays out of the copy.
    const booking = await insertBooking(bed.db, { date, hour: 9 });
    await emitBookingEvent(bed.db, 'booking.created', booking.id);
    await waitUntil(async () => (await findBookingRow(bed.db, booking.id))?.calendarHref, 15_000, 'our event');

    const startsAt = zonedInstant(date, 10, 0, ZONE);
    const rows = await waitUntil(
      async () => {
        const all = await busyRows();
        return all.some((row) => row.uid === uid) && all.filter((row) => row.uid === `weekly-${id}`).length === 3
          ? all
          : null;
      },
      15_000,
      'the sync to copy the busy times',
    );
    const dentist = rows!.find((row) => row.uid === uid);
    expect(dentist!.startsAt.toISOString()).toBe(startsAt.toISOString());
    expect(dentist!.endsAt.toISOString()).toBe(new Date(startsAt.getTime() + 30 * 60_000).toISOString());
    expect(
      rows!
        .filter((row) => row.uid === `weekly-${id}`)
        .map((row) => row.startsAt.getTime() - new Date(`${date}T16:00:00Z`).getTime()),
    ).toEqual([0, 7 * DAY, 14 * DAY]);
    expect(rows!.some((row) => row.uid === `free-${id}`)).toBe(false);
    expect(rows!.some((row) => row.uid === booking.calendarUid)).toBe(false);

    // What the API's availability asks (D12): does any busy time overlap the 10:00-10:30 slot?
    const slotEnd = new Date(startsAt.getTime() + 30 * 60_000);
    expect(rows!.some((row) => row.startsAt < slotEnd && row.endsAt > startsAt)).toBe(true);

    // Removed from the calendar by hand: gone from the copy after the next sync.
    await fetch(`${calendarUrl}dentist.ics`, { method: 'DELETE', headers: { authorization: radicale.authHeader } });
    await waitUntil(async () => !(await busyRows()).some((row) => row.uid === uid), 15_000, 'the next sync');
  });
});
