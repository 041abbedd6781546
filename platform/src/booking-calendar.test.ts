import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { bookingCalendar, type CalendarBooking, calendarContentType, meetingUrl } from './booking-calendar';

// Monday 2 March 2026, 09:00 in New York (EST, UTC-5): before the clock change of 8 March.
const booking: CalendarBooking = {
  id: 7,
  calendarUid: 'booking-7@lucid-insight.test',
  sequence: 0,
  status: 'confirmed',
  startsAt: new Date('2026-03-02T14:00:00Z'),
  endsAt: new Date('2026-03-02T14:30:00Z'),
  createdAt: new Date('2026-02-01T10:00:00Z'),
  cancelledAt: null,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  businessName: null,
  lineOfWork: null,
  visitorTimeZone: null,
};
// Moved twice, to Monday 9 March 10:00 EDT (UTC-4): after the clock change.
const moved: CalendarBooking = {
  ...booking,
  sequence: 2,
  startsAt: new Date('2026-03-09T14:00:00Z'),
  endsAt: new Date('2026-03-09T14:30:00Z'),
};
const cancelled: CalendarBooking = {
  ...moved,
  sequence: 3,
  status: 'cancelled',
  cancelledAt: new Date('2026-02-10T09:00:00Z'),
};
const options = {
  companyEmail: 'hello@lucid-insight.test',
  appUrl: 'https://lucid-insight.test/',
  timeZone: 'America/New_York',
  meetingUrlTemplate: 'https://meet.example.com/lucid-{bookingId}',
};

/** The event's lines with their folding undone (RFC 5545 folds lines at 75 octets). */
const lines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

/** Reads an object back as a calendar client would (ical.js). */
function read(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

describe('bookingCalendar: one event for the API and the workers', () => {
  it.each([
    ['the "Add to calendar" file', booking, 'publish', 'PUBLISH', 0, 'CONFIRMED', 'ACCEPTED', '2026-02-01T10:00:00Z'],
    ['the file of a cancelled booking', cancelled, 'publish', 'PUBLISH', 3, 'CANCELLED', 'ACCEPTED', null],
    ['the e-mailed invite', booking, 'request', 'REQUEST', 0, 'CONFIRMED', 'NEEDS-ACTION', '2026-02-01T10:00:00Z'],
    ['the invite of a moved booking', moved, 'request', 'REQUEST', 2, 'CONFIRMED', 'NEEDS-ACTION', null],
    [
      'the e-mailed cancellation',
      cancelled,
      'cancel',
      'CANCEL',
      3,
      'CANCELLED',
      'NEEDS-ACTION',
      '2026-02-10T09:00:00Z',
    ],
    ['the CalDAV copy (no METHOD)', moved, undefined, null, 2, 'CONFIRMED', 'NEEDS-ACTION', null],
  ] as const)('%s', (_, input, method, methodValue, sequence, status, partstat, stamp) => {
    const ics = bookingCalendar(input, { ...options, method });
    const { calendar, vevent, event } = read(ics);
    expect(calendar.getFirstPropertyValue('method')).toBe(methodValue);
    expect(event.uid).toBe('booking-7@lucid-insight.test');
    expect(event.sequence).toBe(sequence);
    expect(vevent.getFirstPropertyValue('status')).toBe(status);
    if (stamp) expect(vevent.getFirstPropertyValue('dtstamp')?.toString()).toBe(stamp);
    // DTSTAMP is always UTC (RFC 5545), whatever the event's zone.
    expect(lines(ics).find((line) => line.startsWith('DTSTAMP'))).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);

    // The times: local time in the company's zone with its VTIMEZONE, the same instants as the booking.
    expect(event.startDate.zone?.tzid).toBe('America/New_York');
    expect(event.startDate.toJSDate().toISOString()).toBe(input.startsAt.toISOString());
    expect(event.endDate.toJSDate().toISOString()).toBe(input.endsAt.toISOString());

    const organizer = vevent.getFirstProperty('organizer');
    expect(String(organizer?.getFirstValue()).toLowerCase()).toBe('mailto:hello@lucid-insight.test');
    expect(organizer?.getParameter('cn')).toBe('Lucid Insight');
    const attendee = vevent.getFirstProperty('attendee');
    expect(String(attendee?.getFirstValue()).toLowerCase()).toBe('mailto:ada@example.com');
    expect(attendee?.getParameter('partstat')).toBe(partstat);
    expect(attendee?.getParameter('role')).toBe('REQ-PARTICIPANT');
    expect(attendee?.getParameter('rsvp')).toBe(method === 'publish' ? undefined : 'TRUE');

    expect(event.location).toBe('https://meet.example.com/lucid-7');
    expect(event.description).toContain('Join the video call: https://meet.example.com/lucid-7');
    expect(vevent.getFirstPropertyValue('url')).toBe('https://meet.example.com/lucid-7');
    expect(event.summary).toBe('Free 30-minute consultation with Lucid Insight');

    // A reminder 15 minutes before a meeting that stands; none on a cancelled one.
    const alarms = vevent.getAllSubcomponents('valarm');
    if (status === 'CANCELLED') expect(alarms).toHaveLength(0);
    else {
      expect(alarms).toHaveLength(1);
      expect(alarms[0]?.getFirstPropertyValue('action')).toBe('DISPLAY');
      expect(alarms[0]?.getFirstPropertyValue('trigger')?.toString()).toBe('-PT15M');
    }
  });

  it("carries the company zone's VTIMEZONE, with the offsets on each side of the clock change, as Outlook needs", () => {
    const ics = bookingCalendar(booking, { ...options, method: 'request' });
    expect(lines(ics)).toEqual(
      expect.arrayContaining([
        'DTSTART;TZID=America/New_York:20260302T090000',
        'DTEND;TZID=America/New_York:20260302T093000',
      ]),
    );
    const { calendar } = read(ics);
    const vtimezones = calendar.getAllSubcomponents('vtimezone');
    expect(vtimezones).toHaveLength(1);
    expect(vtimezones[0]?.getFirstPropertyValue('tzid')).toBe('America/New_York');
    const offsets = (name: string) =>
      vtimezones[0]
        ?.getAllSubcomponents(name)
        .map((rule) => [
          String(rule.getFirstPropertyValue('tzoffsetfrom')),
          String(rule.getFirstPropertyValue('tzoffsetto')),
        ]);
    expect(offsets('standard')).toEqual([['-04:00', '-05:00']]);
    expect(offsets('daylight')).toEqual([['-05:00', '-04:00']]);
    const zone = new ICAL.Timezone(vtimezones[0]);
    const at = (iso: string) => zone.utcOffset(ICAL.Time.fromDateTimeString(iso)) / 3600;
    expect(at('2026-03-02T09:00:00')).toBe(-5);
    expect(at('2026-03-09T10:00:00')).toBe(-4);
    // The moved booking, after the change: 10:00 local is 14:00 UTC.
    expect(lines(bookingCalendar(moved, { ...options, method: 'request' }))).toContain(
      'DTSTART;TZID=America/New_York:20260309T100000',
    );
  });

  it('writes the times of a zone across the world the same way (Europe/Berlin)', () => {
    const { event } = read(bookingCalendar(moved, { ...options, timeZone: 'Europe/Berlin', method: 'request' }));
    expect(event.startDate.zone?.tzid).toBe('Europe/Berlin');
    expect(event.startDate.toString()).toBe('2026-03-09T15:00:00');
    expect(event.startDate.toJSDate().toISOString()).toBe(moved.startsAt.toISOString());
  });

  it('without a meeting link, says the company will send one, and links the site', () => {
    const { event, vevent } = read(
      bookingCalendar(booking, { ...options, meetingUrlTemplate: undefined, method: 'request' }),
    );
    expect(event.location).toBeNull();
    expect(event.description).toContain('Lucid Insight will e-mail you the video call link before the meeting.');
    expect(vevent.getFirstPropertyValue('url')).toBe('https://lucid-insight.test');
  });

  it('a cancellation is newer than the invite it cancels even when the booking kept sequence 0', () => {
    const { event } = read(
      bookingCalendar({ ...booking, status: 'cancelled', cancelledAt: new Date() }, { ...options, method: 'cancel' }),
    );
    expect(event.sequence).toBe(1);
  });

  it('fills in the booking id, or keeps a fixed room, and names the method in the content type', () => {
    expect(meetingUrl('https://meet.example.com/lucid-{bookingId}', 42)).toBe('https://meet.example.com/lucid-42');
    expect(meetingUrl('https://meet.example.com/room', 42)).toBe('https://meet.example.com/room');
    expect(meetingUrl(undefined, 42)).toBeNull();
    expect(calendarContentType('request')).toBe('text/calendar; method=REQUEST; charset=UTF-8');
    expect(calendarContentType('cancel')).toBe('text/calendar; method=CANCEL; charset=UTF-8');
  });
});
