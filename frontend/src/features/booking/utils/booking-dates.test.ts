import { describe, expect, it } from 'vitest';
import { formatLongDate, isSelectableDate, timeZoneLabel, todayIn, weekdayOf } from './booking-dates';

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
