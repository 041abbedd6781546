import { describe, expect, it } from 'vitest';
import { countTicks, labelStride, linear, shortLabel } from './chart-scale';

describe('the Usage charts’ scales (issue 30)', () => {
  it('counts from 0 to a round maximum in round steps', () => {
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(1)).toEqual([0, 1]);
    expect(countTicks(4)).toEqual([0, 1, 2, 3, 4]);
    expect(countTicks(12)).toEqual([0, 5, 10, 15]);
    expect(countTicks(97)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(countTicks(480_000)).toEqual([0, 100_000, 200_000, 300_000, 400_000, 500_000]);
    for (const max of [3, 7, 33, 999, 123_456]) {
      const ticks = countTicks(max);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(ticks.length).toBeLessThanOrEqual(12);
    }
    expect(countTicks(Number.NaN)).toEqual([0, 1]);
  });

  it('places values linearly', () => {
    const x = linear(100, [10, 210]);
    expect(x(0)).toBe(10);
    expect(x(50)).toBe(110);
    expect(x(100)).toBe(210);
    expect(linear(0, [0, 100])(0)).toBe(0);
    // Upwards, as a y axis is.
    expect(linear(10, [200, 0])(10)).toBe(0);
  });

  it('shortens long labels and thins crowded ones', () => {
    expect(shortLabel('Short name')).toBe('Short name');
    expect(shortLabel('A dashboard with a long name')).toBe('A dashboard wit…');
    expect(labelStride(30, 40, 50)).toBe(2);
    expect(labelStride(7, 100, 50)).toBe(1);
    expect(labelStride(1, 0, 50)).toBe(1);
  });
});
