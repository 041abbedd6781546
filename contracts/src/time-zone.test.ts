import { describe, expect, it } from 'vitest';
import { clockLabel, todayIn, weekday, zonedTimeToUtc } from './time-zone';

describe('time zone arithmetic', () => {
  it('turns a wall-clock time into UTC on both sides of a daylight-saving change', () => {
    // New York: EDT (UTC-4) until 2026-11-01 02:00, then EST (UTC-5).
    expect(zonedTimeToUtc('2026-10-30', 9, 0, 'America/New_York').toISOString()).toBe('2026-10-30T13:00:00.000Z');
    expect(zonedTimeToUtc('2026-11-02', 9, 0, 'America/New_York').toISOString()).toBe('2026-11-02T14:00:00.000Z');
    // Spring: 2027-03-14 is the change; the Friday before and the Monday after.
    expect(zonedTimeToUtc('2027-03-12', 13, 0, 'America/New_York').toISOString()).toBe('2027-03-12T18:00:00.000Z');
    expect(zonedTimeToUtc('2027-03-15', 13, 0, 'America/New_York').toISOString()).toBe('2027-03-15T17:00:00.000Z');
    expect(zonedTimeToUtc('2026-07-01', 9, 30, 'Europe/Berlin').toISOString()).toBe('2026-07-01T07:30:00.000Z');
    expect(zonedTimeToUtc('2026-07-01', 9, 30, 'UTC').toISOString()).toBe('2026-07-01T09:30:00.000Z');
  });

  it('knows the date and weekday in the zone', () => {
    expect(todayIn('America/New_York', new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-22');
    expect(todayIn('Asia/Tokyo', new Date('2026-11-22T16:00:00Z'))).toBe('2026-11-23');
    expect(weekday('2026-11-21')).toBe(6);
    expect(weekday('2026-11-23')).toBe(1);
  });

  it('labels instants as the slot labels do', () => {
    expect(clockLabel(new Date('2026-11-02T14:00:00Z'), 'America/New_York')).toBe('09:00 AM');
    expect(clockLabel(new Date('2026-11-02T18:30:00Z'), 'America/New_York')).toBe('01:30 PM');
    expect(clockLabel(new Date('2026-11-02T17:00:00Z'), 'America/New_York')).toBe('12:00 PM');
  });
});
