import { describe, expect, it } from 'vitest';
import { bucketLabel, usagePeriod } from './usage-period';

describe('usagePeriod', () => {
  it('is the last N days up to today, both counted', () => {
    const now = new Date(2026, 10, 20, 9, 30);
    expect(usagePeriod(30, 'day', now)).toEqual({ from: '2026-10-22', to: '2026-11-20', groupBy: 'day' });
    expect(usagePeriod(90, 'week', now)).toEqual({ from: '2026-08-23', to: '2026-11-20', groupBy: 'week' });
    expect(usagePeriod(365, 'day', now).from).toBe('2025-11-21');
  });
});

describe('bucketLabel', () => {
  it('names a day or a week', () => {
    expect(bucketLabel('2026-11-02', 'day')).toBe('2 Nov');
    expect(bucketLabel('2026-11-02', 'week', true)).toBe('Week of 2 Nov 2026');
    expect(bucketLabel('2026-11-02', 'day', true)).toBe('2 Nov 2026');
  });
});
