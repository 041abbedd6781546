import { tzlib_get_ical_block } from 'timezones-ical-library';

/**
 * Calendar objects as a company's calendar app writes them (issue 16): recurring meetings with exceptions, all-day
 * events, events in other zones. Shared by the busy-time unit test and the Radicale test.
 */
const vtimezone = (zone: string) => {
  const block = tzlib_get_ical_block(zone);
  if (!Array.isArray(block) || !block[0]) throw new Error(`no VTIMEZONE for ${zone}`);
  return block[0];
};

/** One VCALENDAR with the given VEVENTs (each a list of lines) and the VTIMEZONEs of the zones named. */
export function calendarObject(events: string[][], zones: string[] = []): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Company//Calendar app//EN',
    ...zones.map(vtimezone),
    ...events.flatMap((lines) => ['BEGIN:VEVENT', 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT']),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/**
 * The company's calendar around Europe's autumn clock change (25 October 2026) and New York's (1 November 2026):
 * - a weekly Monday meeting at 10:00 Berlin time from 5 October, with 19 October left out (EXDATE) and the 2 November
 *   meeting moved to 15:00 (RECURRENCE-ID), cancelled for 9 November (an override with STATUS:CANCELLED);
 * - an all-day event on Wednesday 28 October (no zone: the company's);
 * - a meeting at 16:00 New York time on Tuesday 3 November (just after New York's change: 21:00 UTC);
 * - a free (TRANSP:TRANSPARENT) event and a cancelled one, which block nothing.
 */
export function autumnCalendar(uid: (name: string) => string): string[] {
  return [
    calendarObject(
      [
        [
          `UID:${uid('weekly')}`,
          'SUMMARY:Weekly planning',
          'DTSTART;TZID=Europe/Berlin:20261005T100000',
          'DTEND;TZID=Europe/Berlin:20261005T110000',
          'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=8',
          'EXDATE;TZID=Europe/Berlin:20261019T100000',
        ],
        [
          `UID:${uid('weekly')}`,
          'SUMMARY:Weekly planning (moved)',
          'RECURRENCE-ID;TZID=Europe/Berlin:20261102T100000',
          'DTSTART;TZID=Europe/Berlin:20261102T150000',
          'DTEND;TZID=Europe/Berlin:20261102T160000',
        ],
        [
          `UID:${uid('weekly')}`,
          'SUMMARY:Weekly planning (off)',
          'RECURRENCE-ID;TZID=Europe/Berlin:20261109T100000',
          'DTSTART;TZID=Europe/Berlin:20261109T100000',
          'DTEND;TZID=Europe/Berlin:20261109T110000',
          'STATUS:CANCELLED',
        ],
      ],
      ['Europe/Berlin'],
    ),
    calendarObject([
      [`UID:${uid('offsite')}`, 'SUMMARY:Offsite', 'DTSTART;VALUE=DATE:20261028', 'DTEND;VALUE=DATE:20261029'],
    ]),
    calendarObject(
      [
        [
          `UID:${uid('new-york')}`,
          'SUMMARY:Call with New York',
          'DTSTART;TZID=America/New_York:20261103T160000',
          'DTEND;TZID=America/New_York:20261103T163000',
        ],
      ],
      ['America/New_York'],
    ),
    calendarObject([
      [
        `UID:${uid('free')}`,
        'SUMMARY:Focus time',
        'DTSTART:20261027T130000Z',
        'DTEND:20261027T140000Z',
        'TRANSP:TRANSPARENT',
      ],
    ]),
    calendarObject([
      [
        `UID:${uid('cancelled')}`,
        'SUMMARY:Called off',
        'DTSTART:20261029T130000Z',
        'DTEND:20261029T140000Z',
        'STATUS:CANCELLED',
      ],
    ]),
  ];
}

/**
 * The busy times `autumnCalendar` must give within 1 October - 30 November 2026 (company zone America/New_York), as
 * [uid name, start, end] in UTC.
 */
export const AUTUMN_BUSY: readonly [string, string, string][] = [
  // 10:00 CEST (UTC+2) before Europe's change...
  ['weekly', '2026-10-05T08:00:00.000Z', '2026-10-05T09:00:00.000Z'],
  ['weekly', '2026-10-12T08:00:00.000Z', '2026-10-12T09:00:00.000Z'],
  // (19 October left out)
  // ...and 10:00 CET (UTC+1) after it: still 10:00 in Berlin.
  ['weekly', '2026-10-26T09:00:00.000Z', '2026-10-26T10:00:00.000Z'],
  // The whole Wednesday in New York (EDT, UTC-4).
  ['offsite', '2026-10-28T04:00:00.000Z', '2026-10-29T04:00:00.000Z'],
  // 2 November moved to 15:00 CET.
  ['weekly', '2026-11-02T14:00:00.000Z', '2026-11-02T15:00:00.000Z'],
  // 16:00 EST (UTC-5).
  ['new-york', '2026-11-03T21:00:00.000Z', '2026-11-03T21:30:00.000Z'],
  // (9 November cancelled)
  ['weekly', '2026-11-16T09:00:00.000Z', '2026-11-16T10:00:00.000Z'],
  ['weekly', '2026-11-23T09:00:00.000Z', '2026-11-23T10:00:00.000Z'],
];
