import { describe, expect, it } from 'vitest';
import { formatAction, formatChange, formatDateTime } from './format';

describe('formatDateTime', () => {
  it("gives date and time, or 'Never' (or the given word) without a value", () => {
    expect(formatDateTime('2025-03-01T09:00:00.000Z')).toMatch(/2025/);
    expect(formatDateTime('2025-03-01T09:00:00.000Z')).toMatch(/\d{1,2}:\d{2}/);
    expect(formatDateTime(null)).toBe('Never');
    expect(formatDateTime('not a date')).toBe('Never');
    expect(formatDateTime(undefined, '-')).toBe('-');
  });
});

describe('formatAction / formatChange', () => {
  it('turns an action id into words and shortens values', () => {
    expect(formatAction('user.toggle-admin')).toBe('User toggle admin');
    expect(formatChange(null)).toBe('none');
    expect(formatChange(true)).toBe('yes');
    expect(formatChange('x'.repeat(100))).toHaveLength(60);
  });
});
