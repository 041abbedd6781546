import { describe, expect, it } from 'vitest';
import { bookingCalendar, type CalendarBooking } from './booking-calendar';

const booking: CalendarBooking = {
  calendarUid: 'booking-7@lucid-insight.test',
  status: 'confirmed',
  startsAt: new Date('2026-03-02T14:00:00Z'),
  endsAt: new Date('2026-03-02T14:30:00Z'),
  createdAt: new Date('2026-02-01T10:00:00Z'),
  cancelledAt: null,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  businessName: null,
  lineOfWork: null,
};
const cancelled = { ...booking, status: 'cancelled' as const, cancelledAt: new Date('2026-02-10T09:00:00Z') };
const options = { companyEmail: 'hello@lucid-insight.test', appUrl: 'https://lucid-insight.test/' };

/** The event's lines with their folding undone (RFC 5545 folds lines at 75 octets). */
const lines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

describe('bookingCalendar: one event for the API and the workers', () => {
  it.each([
    [
      'the "Add to calendar" file',
      booking,
      'publish',
      'METHOD:PUBLISH',
      'SEQUENCE:0',
      'STATUS:CONFIRMED',
      'PARTSTAT=ACCEPTED',
      '20260201T100000Z',
    ],
    [
      'the file of a cancelled booking',
      cancelled,
      'publish',
      'METHOD:PUBLISH',
      'SEQUENCE:1',
      'STATUS:CANCELLED',
      'PARTSTAT=ACCEPTED',
      '20260201T100000Z',
    ],
    [
      'the e-mailed invite',
      booking,
      'request',
      'METHOD:REQUEST',
      'SEQUENCE:0',
      'STATUS:CONFIRMED',
      'PARTSTAT=NEEDS-ACTION',
      '20260201T100000Z',
    ],
    [
      'the e-mailed cancellation',
      cancelled,
      'cancel',
      'METHOD:CANCEL',
      'SEQUENCE:1',
      'STATUS:CANCELLED',
      'PARTSTAT=NEEDS-ACTION',
      '20260210T090000Z',
    ],
    [
      'the CalDAV copy (no METHOD)',
      booking,
      undefined,
      undefined,
      'SEQUENCE:0',
      'STATUS:CONFIRMED',
      'PARTSTAT=NEEDS-ACTION',
      '20260201T100000Z',
    ],
  ] as const)('%s', (_, input, method, methodLine, sequence, status, partstat, stamp) => {
    const ics = lines(bookingCalendar(input, { ...options, method }));
    expect(ics.filter((line) => line.startsWith('METHOD:'))).toEqual(methodLine ? [methodLine] : []);
    expect(ics).toEqual(expect.arrayContaining(['UID:booking-7@lucid-insight.test', sequence, status]));
    expect(ics).toContain(`DTSTAMP:${stamp}`);
    const attendee = ics.find((line) => line.startsWith('ATTENDEE'));
    expect(attendee).toContain(partstat);
    expect(attendee?.includes('RSVP=TRUE')).toBe(method !== 'publish');
    expect(ics).toContain('URL;VALUE=URI:https://lucid-insight.test');
    expect(ics).toContain('SUMMARY:Free 30-minute consultation with Lucid Insight');
  });
});
