import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api';
import { isAccessEnded, isRefused, renewalDelay, renewalTime, retryDelay } from './embed-token';

const NOW = Date.parse('2026-03-01T09:00:00.000Z');
const MINUTE = 60_000;
const at = (ms: number) => new Date(NOW + ms).toISOString();

describe('renewalTime', () => {
  it('renews 2 minutes ahead of a long-lived token', () => {
    expect(renewalTime(at(60 * MINUTE), NOW)).toBe(NOW + 58 * MINUTE);
    expect(renewalTime(at(10 * MINUTE), NOW)).toBe(NOW + 8 * MINUTE);
  });

  it('renews a quarter of the remaining lifetime ahead of a short-lived one', () => {
    expect(renewalTime(at(4 * MINUTE), NOW)).toBe(NOW + 3 * MINUTE);
    expect(renewalTime(at(20_000), NOW)).toBe(NOW + 15_000);
  });

  it('renews an expired token at once, and at the expiry itself when not ahead', () => {
    expect(renewalTime(at(-MINUTE), NOW)).toBe(NOW - MINUTE);
    expect(renewalTime(at(10 * MINUTE), NOW, false)).toBe(NOW + 10 * MINUTE);
  });

  it('never schedules an expiry that does not parse', () => {
    expect(Number.isNaN(renewalTime('soon', NOW))).toBe(true);
  });
});

describe('renewalDelay and retryDelay', () => {
  it('waits at least 5 s (a client clock ahead of the server) and at most what a timer holds', () => {
    expect(renewalDelay(NOW - MINUTE, NOW)).toBe(5_000);
    expect(renewalDelay(NOW + MINUTE, NOW)).toBe(MINUTE);
    expect(renewalDelay(NOW + 10 ** 12, NOW)).toBe(2_147_483_647);
  });

  it('backs off from 2 s to a minute', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
  });
});

describe('what a refusal means', () => {
  const failure = (status: number) => new ApiRequestError(`${status}: x`, status);

  it('access has ended on 401, 403 and 404 only', () => {
    expect([401, 403, 404].map((status) => isAccessEnded(failure(status)))).toEqual([true, true, true]);
    expect([400, 422, 500, 502, 503, 504].some((status) => isAccessEnded(failure(status)))).toBe(false);
    expect(isAccessEnded(new TypeError('Failed to fetch'))).toBe(false);
  });

  it('a request refused as made is a 4xx other than a timeout or too many requests', () => {
    expect([400, 403, 404, 422].every((status) => isRefused(failure(status)))).toBe(true);
    expect([408, 429, 502].some((status) => isRefused(failure(status)))).toBe(false);
  });
});
