import { describe, expect, it } from 'vitest';
import { changeLines, formatAddress, formatChange, formatField, formatRelative } from './format';

describe('formatAddress (issue 27)', () => {
  it('writes an IPv4 address carried in IPv6 as people write it, and leaves other addresses alone', () => {
    expect(formatAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(formatAddress('::FFFF:192.168.1.20')).toBe('192.168.1.20');
    expect(formatAddress('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(formatAddress('::ffff:c0a8:0114')).toBe('192.168.1.20');
    expect(formatAddress('127.0.0.1')).toBe('127.0.0.1');
    expect(formatAddress('::1')).toBe('::1');
    expect(formatAddress('2001:db8::1')).toBe('2001:db8::1');
    expect(formatAddress(null)).toBe('-');
    expect(formatAddress('')).toBe('-');
    // Not an address it knows: shown as given, never mangled.
    expect(formatAddress('::ffff:999.1')).toBe('::ffff:999.1');
  });
});

describe('formatRelative (issue 27)', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
  it('says how long ago, in the largest unit that fits', () => {
    expect(formatRelative(ago(5), now)).toBe('just now');
    expect(formatRelative(ago(50), now)).toBe('1 minute ago');
    expect(formatRelative(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(formatRelative(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(formatRelative(ago(26 * 3600), now)).toBe('yesterday');
    expect(formatRelative(ago(4 * 86_400), now)).toBe('4 days ago');
    expect(formatRelative(ago(8 * 86_400), now)).toBe('last week');
    expect(formatRelative(ago(95 * 86_400), now)).toBe('3 months ago');
    expect(formatRelative(ago(800 * 86_400), now)).toBe('2 years ago');
  });
  it('says when a future instant comes, and a word for none', () => {
    expect(formatRelative(ago(-2 * 3600), now)).toBe('in 2 hours');
    expect(formatRelative(null, now)).toBe('Never');
    expect(formatRelative('not a date', now, '-')).toBe('-');
  });
});

describe('changeLines: changes as before → after (issue 27)', () => {
  it('gives each changed field its value before and after, in words', () => {
    expect(
      changeLines({
        name: { from: 'Acme', to: 'Acme Ltd' },
        isActive: { from: true, to: false },
        domain: { from: null, to: 'acme.example' },
        role: 'Member',
      }),
    ).toEqual([
      { field: 'Name', before: 'Acme', after: 'Acme Ltd' },
      { field: 'Is active', before: 'yes', after: 'no' },
      { field: 'Domain', before: 'none', after: 'acme.example' },
      { field: 'Role', value: 'Member' },
    ]);
  });
  it('names organizations instead of listing their ids, and hides the ids shown as names', () => {
    expect(
      changeLines({
        organizationIds: { from: [1], to: [1, 2] },
        organizations: { from: ['North'], to: ['North', 'South'] },
        userId: 7,
        userEmail: 'a@example.com',
      }),
    ).toEqual([
      { field: 'Organizations', before: 'North', after: 'North, South' },
      { field: 'User email', value: 'a@example.com' },
    ]);
    // An entry written without names keeps its ids rather than nothing.
    expect(changeLines({ organizationIds: { from: [], to: [3] } })).toEqual([
      { field: 'Organization ids', before: 'none', after: '3' },
    ]);
    expect(changeLines(null)).toEqual([]);
  });
  it('words fields and values', () => {
    expect(formatField('requireAdminTwoFactor')).toBe('Require admin two factor');
    expect(formatField('user_email')).toBe('User email');
    expect(formatChange(['a', 'b'])).toBe('a, b');
    expect(formatChange([])).toBe('none');
    expect(formatChange({ roles: ['Viewer'] })).toBe('{"roles":["Viewer"]}');
  });
});
