import { describe, expect, it } from 'vitest';
import { AUTUMN_BUSY, autumnCalendar, calendarObject } from '../../testing/calendar-events';
import { busyIntervals } from './busy';

const uid = (name: string) => `${name}@company.test`;
const window = { from: new Date('2026-10-01T00:00:00Z'), to: new Date('2026-11-30T00:00:00Z') };
const options = { ...window, skipUids: new Set<string>(), timeZone: 'America/New_York' };
const rows = (texts: string[], opts = options) =>
  busyIntervals(texts, opts).map((r) => [r.uid, r.startsAt.toISOString(), r.endsAt.toISOString()]);

describe('busy times from the company calendar (ical.js)', () => {
  it('expands weekly meetings across the clock change, with EXDATE, moved and cancelled occurrences, all-day events and other zones', () => {
    expect(rows(autumnCalendar(uid))).toEqual(AUTUMN_BUSY.map(([name, s, e]) => [uid(name), s, e]));
  });

  it('leaves out the events of our own bookings', () => {
    const skipUids = new Set([uid('weekly'), uid('offsite')]);
    expect(rows(autumnCalendar(uid), { ...options, skipUids }).map(([u]) => u)).toEqual([uid('new-york')]);
  });

  it('clips to the window and keeps a long-running daily event (started years ago) blocking', () => {
    const daily = calendarObject(
      [
        [
          `UID:${uid('daily')}`,
          'DTSTART;TZID=Europe/Berlin:20100104T090000',
          'DTEND;TZID=Europe/Berlin:20100104T091500',
          'RRULE:FREQ=DAILY',
        ],
      ],
      ['Europe/Berlin'],
    );
    const found = rows([daily], {
      ...options,
      from: new Date('2026-10-24T00:00:00Z'),
      to: new Date('2026-10-27T00:00:00Z'),
    });
    expect(found).toEqual([
      [uid('daily'), '2026-10-24T07:00:00.000Z', '2026-10-24T07:15:00.000Z'],
      [uid('daily'), '2026-10-25T08:00:00.000Z', '2026-10-25T08:15:00.000Z'],
      [uid('daily'), '2026-10-26T08:00:00.000Z', '2026-10-26T08:15:00.000Z'],
    ]);
  });

  it('finds an occurrence moved from beyond the window into it, and one moved out of it leaves the rest blocking', () => {
    const text = calendarObject([
      [`UID:${uid('w')}`, 'DTSTART:20261005T140000Z', 'DTEND:20261005T150000Z', 'RRULE:FREQ=WEEKLY;COUNT=10'],
      // 12 October moved far beyond the window; 7 December (beyond it) moved into it, to 14 October.
      [`UID:${uid('w')}`, 'RECURRENCE-ID:20261012T140000Z', 'DTSTART:20270105T140000Z', 'DTEND:20270105T150000Z'],
      [`UID:${uid('w')}`, 'RECURRENCE-ID:20261207T140000Z', 'DTSTART:20261014T140000Z', 'DTEND:20261014T150000Z'],
    ]);
    const found = rows([text], { ...options, to: new Date('2026-10-27T00:00:00Z') }).map(([, s]) => s);
    expect(found).toEqual([
      '2026-10-05T14:00:00.000Z',
      '2026-10-14T14:00:00.000Z',
      '2026-10-19T14:00:00.000Z',
      '2026-10-26T14:00:00.000Z',
    ]);
  });

  it('keeps 10:00 of a weekly meeting whose TZID has no VTIMEZONE at 10:00 local across the clock change', () => {
    const text = calendarObject([
      [
        `UID:${uid('bare')}`,
        'DTSTART;TZID=Europe/Berlin:20261019T100000',
        'DTEND;TZID=Europe/Berlin:20261019T103000',
        'RRULE:FREQ=WEEKLY;COUNT=2',
      ],
    ]);
    expect(rows([text]).map(([, s]) => s)).toEqual(['2026-10-19T08:00:00.000Z', '2026-10-26T09:00:00.000Z']);
  });

  it('leaves out an object it cannot read, says so, and still blocks the others', () => {
    const unreadable: unknown[] = [];
    const found = busyIntervals(['BEGIN:VCALENDAR\r\nnot a calendar', ...autumnCalendar(uid)], {
      ...options,
      onUnreadable: (error) => unreadable.push(error),
    });
    expect(unreadable).toHaveLength(1);
    expect(found).toHaveLength(AUTUMN_BUSY.length);
  });
});
