import { describe, expect, it } from 'vitest';
import { nextRunAfter, wallClockInstant } from './subscription-schedule';

const weekly = (time: string, weekday: number, timeZone = 'Europe/Brussels') =>
  ({ frequency: 'weekly', weekday, time, timeZone }) as const;

/** The next `count` runs after `from`, each the one after the run before it (ISO times). */
const runsAfter = (schedule: Parameters<typeof nextRunAfter>[0], from: string, count = 2) => {
  const runs: Date[] = [];
  for (let at = new Date(from); runs.length < count; runs.push(at)) at = nextRunAfter(schedule, at);
  return runs.map((run) => run.toISOString());
};

describe('nextRunAfter', () => {
  it('keeps the local time across the spring-forward change (Sunday 29 March 2026 in Brussels)', () => {
    // Sunday 22 March, 09:00 CET = 08:00 UTC; the next Sunday is after the change: 09:00 CEST = 07:00 UTC.
    expect(runsAfter(weekly('09:00', 0), '2026-03-20T12:00:00Z')).toEqual([
      '2026-03-22T08:00:00.000Z',
      '2026-03-29T07:00:00.000Z',
    ]);
  });

  it('keeps the local time across the fall-back change (Sunday 25 October 2026)', () => {
    const schedule = weekly('09:00', 0);
    expect(nextRunAfter(schedule, new Date('2026-10-20T00:00:00Z')).toISOString()).toBe('2026-10-25T08:00:00.000Z');
    expect(nextRunAfter(schedule, new Date('2026-10-25T08:00:00Z')).toISOString()).toBe('2026-11-01T08:00:00.000Z');
  });

  it('runs a time the clock skips as late as the skip: 02:30 on the spring-forward night is 03:30 CEST', () => {
    const at = nextRunAfter(weekly('02:30', 0), new Date('2026-03-28T00:00:00Z'));
    expect(at.toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('runs a time the clock shows twice only once, the first time (02:30 on the fall-back night)', () => {
    // 02:30 CEST = 00:30 UTC; the second 02:30 (CET, 01:30 UTC) is not another run: the next is a week later.
    expect(runsAfter(weekly('02:30', 0), '2026-10-24T00:00:00Z')).toEqual([
      '2026-10-25T00:30:00.000Z',
      '2026-11-01T01:30:00.000Z',
    ]);
  });

  it('follows the zone of the subscription, not the server', () => {
    const at = nextRunAfter(weekly('08:00', 1, 'America/New_York'), new Date('2026-03-06T00:00:00Z'));
    // Monday 9 March 2026 08:00 EDT (New York changed on Sunday 8 March) = 12:00 UTC.
    expect(at.toISOString()).toBe('2026-03-09T12:00:00.000Z');
  });

  it("runs monthly on the day, or a shorter month's last day", () => {
    const schedule = { frequency: 'monthly', dayOfMonth: 31, time: '07:15', timeZone: 'UTC' } as const;
    expect(runsAfter(schedule, '2026-01-02T00:00:00Z')).toEqual([
      '2026-01-31T07:15:00.000Z',
      '2026-02-28T07:15:00.000Z',
    ]);
    expect(nextRunAfter(schedule, new Date('2026-04-01T00:00:00Z')).toISOString()).toBe('2026-04-30T07:15:00.000Z');
  });

  it('is strictly after the instant given (a run at its own time does not come again)', () => {
    const schedule = weekly('10:00', 3, 'UTC');
    const at = new Date('2026-06-03T10:00:00Z');
    expect(nextRunAfter(schedule, new Date(at.getTime() - 1)).toISOString()).toBe(at.toISOString());
    expect(nextRunAfter(schedule, at).toISOString()).toBe('2026-06-10T10:00:00.000Z');
  });

  it('knows a zone ahead of UTC whose day has already started', () => {
    // Tuesday 00:30 in Auckland is Monday 11:30 UTC.
    const at = nextRunAfter(weekly('00:30', 2, 'Pacific/Auckland'), new Date('2026-06-01T00:00:00Z'));
    expect(at.toISOString()).toBe('2026-06-01T12:30:00.000Z');
  });
});

describe('wallClockInstant', () => {
  it('maps an ordinary time as the zone shows it', () => {
    expect(wallClockInstant('2026-07-01', 9, 0, 'Europe/Brussels').toISOString()).toBe('2026-07-01T07:00:00.000Z');
  });
});
