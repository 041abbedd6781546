import { describe, expect, it } from 'vitest';
import { isWithinActiveHours } from './schedule';

const paris = { timeZone: 'Europe/Paris', activeFrom: '08:00', activeTo: '18:00', activeDays: [1, 2, 3, 4, 5] };

describe('active hours of a capacity (issue 29)', () => {
  it('are local times in the zone, on the days chosen', () => {
    // Friday 27 November 2026: 08:30 in Paris is 07:30 UTC.
    expect(isWithinActiveHours(paris, new Date('2026-11-27T07:30:00Z'))).toBe(true);
    expect(isWithinActiveHours(paris, new Date('2026-11-27T06:59:00Z'))).toBe(false);
    expect(isWithinActiveHours(paris, new Date('2026-11-27T17:00:00Z'))).toBe(false);
    // Saturday.
    expect(isWithinActiveHours(paris, new Date('2026-11-28T10:00:00Z'))).toBe(false);
    // Summer time: 08:30 in Paris is 06:30 UTC.
    expect(isWithinActiveHours(paris, new Date('2026-07-01T06:30:00Z'))).toBe(true);
  });

  it('equal times mean none; past midnight they belong to the day they began', () => {
    expect(
      isWithinActiveHours({ ...paris, activeFrom: '00:00', activeTo: '00:00' }, new Date('2026-11-27T10:00:00Z')),
    ).toBe(false);
    const night = { timeZone: 'UTC', activeFrom: '22:00', activeTo: '02:00', activeDays: [5] };
    expect(isWithinActiveHours(night, new Date('2026-11-27T23:00:00Z'))).toBe(true); // Friday night
    expect(isWithinActiveHours(night, new Date('2026-11-28T01:00:00Z'))).toBe(true); // Saturday 01:00, Friday's hours
    expect(isWithinActiveHours(night, new Date('2026-11-29T01:00:00Z'))).toBe(false); // Sunday 01:00, Saturday's
  });
});
