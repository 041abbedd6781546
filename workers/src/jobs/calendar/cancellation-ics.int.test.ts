import { type ReceivedEmail, waitUntil } from '@app/testing';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  type BookingRow,
  cancelBooking,
  emitBookingEvent,
  insertBooking,
  useBookingTestBed,
} from '../../../testing/bookings';

const COMPANY = 'hello@lucid-insight.test';

/** Every text/calendar part of a received e-mail (attachment or alternative), parsed by ical.js. */
const calendarParts = (message: ReceivedEmail) =>
  message.parsed.attachments
    .filter((a) => a.contentType === 'text/calendar')
    .map((a) => {
      const calendar = new ICAL.Component(ICAL.parse(a.content.toString('utf8')));
      const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
      return { attachment: a, calendar, event };
    });

describe('the calendar cancellation sent when a booking is cancelled', () => {
  const bed = useBookingTestBed();

  const mailTo = async (address: string, filter: (m: ReceivedEmail) => boolean) =>
    (await waitUntil(() => bed.smtp.to(address).find(filter) ?? null, 15_000, `e-mail to ${address}`)) as ReceivedEmail;

  it('carries a METHOD:CANCEL of the invite (same UID and start, higher SEQUENCE, STATUS:CANCELLED) to the visitor and the company', async () => {
    const booking: BookingRow = await insertBooking(bed.db, { date: '2026-11-05', hour: 15 });
    await emitBookingEvent(bed.db, 'booking.created', booking.id);
    const confirmation = await mailTo(booking.email, (m) => m.subject.includes('is booked'));
    const invite = calendarParts(confirmation).find((p) => p.attachment.filename === 'invite.ics');
    expect(invite?.calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const requestSequence = Number(invite!.event.sequence);

    await cancelBooking(bed.db, booking.id);
    const visitor = await mailTo(booking.email, (m) => m.subject.includes('cancelled'));
    const company = await mailTo(COMPANY, (m) => m.subject.includes('cancelled') && m.text.includes(booking.email));

    for (const message of [visitor, company]) {
      const parts = calendarParts(message);
      // As an attachment (Gmail, Apple Mail) and as an alternative part beside the text and HTML (Outlook).
      expect(parts.map((p) => [p.attachment.filename, p.attachment.contentDisposition])).toEqual([
        [undefined, undefined],
        ['cancel.ics', 'attachment'],
      ]);
      for (const { attachment } of parts)
        expect(attachment.headers.get('content-type')).toMatchObject({
          value: 'text/calendar',
          params: { method: 'CANCEL' },
        });
      for (const { calendar, event } of parts) {
        expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
        expect(event.uid).toBe(booking.calendarUid);
        expect(event.uid).toBe(invite!.event.uid);
        expect(Number(event.sequence)).toBeGreaterThan(requestSequence);
        expect(event.component.getFirstPropertyValue('status')).toBe('CANCELLED');
        expect(event.startDate.toJSDate().toISOString()).toBe(booking.startsAt.toISOString());
        expect(event.startDate.toJSDate().toISOString()).toBe(invite!.event.startDate.toJSDate().toISOString());
        expect(event.endDate.toJSDate().toISOString()).toBe(booking.endsAt.toISOString());
        expect(String(event.component.getFirstPropertyValue('organizer')).toLowerCase()).toBe(`mailto:${COMPANY}`);
        const attendee = event.component.getFirstProperty('attendee');
        expect(String(attendee?.getFirstValue()).toLowerCase()).toBe(`mailto:${booking.email}`);
      }
    }
  });
});
