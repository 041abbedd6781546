import { describe, expect, it } from 'vitest';
import {
  clockIn,
  formatLongDate,
  formatSlot,
  isSelectableDate,
  monthOf,
  sameClock,
  slotInstants,
  timeZoneLabel,
  todayIn,
  weekdayOf,
} from './booking-dates';

describe('isSelectableDate', () => {
  // Wednesday 2031-06-04.
  const today = '2031-06-04';

  it('offers today and later weekdays', () => {
    expect(isSelectableDate('2031-06-04', today)).toBe(true);
    expect(isSelectableDate('2031-06-05', today)).toBe(true);
    expect(isSelectableDate('2031-06-09', today)).toBe(true); // Monday
    expect(isSelectableDate('2032-01-02', today)).toBe(true); // Friday
  });

  it('refuses Saturdays and Sundays', () => {
    expect(isSelectableDate('2031-06-07', today)).toBe(false);
    expect(isSelectableDate('2031-06-08', today)).toBe(false);
  });

  it('refuses days before today', () => {
    expect(isSelectableDate('2031-06-03', today)).toBe(false);
    expect(isSelectableDate('2030-12-31', today)).toBe(false);
  });

  it('refuses what is not a calendar date', () => {
    for (const date of ['', '2031-6-5', '2031-02-30', 'tomorrow']) expect(isSelectableDate(date, today)).toBe(false);
    expect(weekdayOf('2031-02-30')).toBeNull();
  });
});

describe('todayIn', () => {
  it("is the company zone's date, not the browser's", () => {
    // 02:30 UTC on a Tuesday is still Monday evening in New York and already Tuesday in Tokyo.
    const now = new Date('2031-06-03T02:30:00Z');
    expect(todayIn('America/New_York', now)).toBe('2031-06-02');
    expect(todayIn('Asia/Tokyo', now)).toBe('2031-06-03');
    expect(todayIn('Not/AZone', now)).toBe('2031-06-03');
  });
});

describe('timeZoneLabel and formatLongDate', () => {
  it('names the zone in words and by its IANA name', () => {
    expect(timeZoneLabel('America/New_York')).toBe('Eastern Time (America/New_York)');
    expect(timeZoneLabel('Not/AZone')).toBe('Not/AZone');
  });

  it('writes a date out in full', () => {
    expect(formatLongDate('2031-06-02')).toBe('Monday, June 2, 2031');
  });
});

describe('slot times for the picker and the confirmation', () => {
  it('puts a slot label at the same UTC instants as the API, on both sides of a daylight-saving change', () => {
    expect(slotInstants('2026-10-30', '09:00 AM - 09:30 AM', 'America/New_York')).toEqual({
      startsAt: new Date('2026-10-30T13:00:00.000Z'),
      endsAt: new Date('2026-10-30T13:30:00.000Z'),
    });
    expect(slotInstants('2026-11-02', '01:00 PM - 01:30 PM', 'America/New_York')?.startsAt).toEqual(
      new Date('2026-11-02T18:00:00.000Z'),
    );
    expect(slotInstants('2026-11-02', '09:15 AM - 09:45 AM', 'America/New_York')).toBeNull();
    expect(slotInstants('2026-02-30', '09:00 AM - 09:30 AM', 'America/New_York')).toBeNull();
  });

  it("writes a slot out in a zone, with the visitor's weekday when their day is another", () => {
    const start = new Date('2026-11-16T18:00:00.000Z');
    const end = new Date('2026-11-16T18:30:00.000Z');
    expect(formatSlot(start, end, 'America/New_York')).toBe('Monday, November 16, 2026, 1:00 PM – 1:30 PM');
    expect(formatSlot(start, end, 'Asia/Tokyo')).toBe('Tuesday, November 17, 2026, 3:00 AM – 3:30 AM');
    expect(clockIn(start, 'Asia/Tokyo', '2026-11-16')).toBe('Tue 3:00 AM');
    expect(clockIn(start, 'Europe/Berlin', '2026-11-16')).toBe('7:00 PM');
    // A slot across the visitor's midnight names the end's day too.
    expect(formatSlot(new Date('2026-11-16T14:45:00Z'), new Date('2026-11-16T15:15:00Z'), 'Asia/Tokyo')).toBe(
      'Monday, November 16, 2026, 11:45 PM – Tuesday, November 17, 2026, 12:15 AM',
    );
  });

  it('knows when two zones show the same clock, and the month of a date', () => {
    const instant = new Date('2026-11-16T18:00:00.000Z');
    expect(sameClock(instant, 'America/New_York', 'America/Toronto')).toBe(true);
    expect(sameClock(instant, 'America/New_York', 'Europe/Berlin')).toBe(false);
    expect(sameClock(instant, 'America/New_York', 'Not/AZone')).toBe(false);
    expect(monthOf('2026-11-16')).toBe('2026-11');
  });
});
