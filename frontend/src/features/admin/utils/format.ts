import { clockFormat, dayFormat } from '../../../lib/zoned-format';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A date and time ('Mar 1, 2025, 9:00 AM', the browser's zone), or 'Never' when there is none. */
export function formatDateTime(value: string | null | undefined, none = 'Never'): string {
  if (!value) return none;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? none : dateTime.format(date);
}

/** An action of the audit log as words: 'user.toggle-admin' → 'User toggle admin'. */
export function formatAction(action: string): string {
  const words = action.replace(/[._-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : action;
}

/** A changed value of the audit log as words, short: lists joined, yes/no, 'none' for nothing. */
export function formatChange(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length ? shorten(value.map(formatChange).join(', ')) : 'none';
  if (typeof value === 'string') return shorten(value);
  return shorten(typeof value === 'object' ? JSON.stringify(value) : String(value));
}

const shorten = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);

/** One field of an audit entry's changes: before → after when it recorded both, else the value it recorded. */
export type ChangeLine = { field: string; before: string; after: string } | { field: string; value: string };

/** Fields the list shows another way (the ids an answer names beside their names, the name kept for the target). */
const SHOWN_ELSEWHERE = new Set(['organizationIds', 'userId', 'dashboardId']);

/** A field's name as words: 'requireAdminTwoFactor' → 'Require admin two factor'. */
export function formatField(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._-]+/g, ' ')
    .toLowerCase()
    .trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : field;
}

/**
 * An audit entry's changes as lines people read (issue 27): `{ name: { from: 'A', to: 'B' } }` is 'Name: A → B';
 * a change of organizations by their names (the server adds them), not their ids.
 */
export function changeLines(changes: Record<string, unknown> | null): ChangeLine[] {
  if (!changes) return [];
  const named = 'organizations' in changes;
  return Object.entries(changes).flatMap(([field, value]): ChangeLine[] => {
    if (SHOWN_ELSEWHERE.has(field) && (field !== 'organizationIds' || named)) return [];
    const label = formatField(field);
    if (value && typeof value === 'object' && !Array.isArray(value) && 'from' in value && 'to' in value) {
      const { from, to } = value as { from: unknown; to: unknown };
      return [{ field: label, before: formatChange(from), after: formatChange(to) }];
    }
    return [{ field: label, value: formatChange(value) }];
  });
}

/**
 * An internet address as people write it (issue 27): an IPv4 address carried in IPv6 (`::ffff:127.0.0.1`, or
 * `::ffff:7f00:1`) as the IPv4 address; '-' for none.
 */
export function formatAddress(address: string | null | undefined): string {
  if (!address) return '-';
  const dotted = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (dotted) return dotted[1]!;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const high = Number.parseInt(hex[1]!, 16);
    const low = Number.parseInt(hex[2]!, 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return address;
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * How long ago (or until) an instant is, as people say it: 'just now', '5 minutes ago', 'yesterday', 'last week',
 * '3 months ago', 'in 2 hours'. `none` without a (valid) instant.
 */
export function formatRelative(value: string | null | undefined, now: Date = new Date(), none = 'Never'): string {
  if (!value) return none;
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return none;
  const seconds = Math.round((time - now.getTime()) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  for (const [unit, size] of UNITS)
    if (Math.abs(seconds) >= size * (unit === 'minute' ? 0.75 : 1))
      return relative.format(Math.round(seconds / size), unit);
  return relative.format(Math.round(seconds / 60), 'minute');
}

/** 'Tue, Nov 3, 2026, 10:00 AM – 10:30 AM' of a consultation, as the clock of `timeZone` (the company's) shows it. */
export function formatSlotIn(startsAt: string, endsAt: string | null, timeZone: string): string {
  const start = new Date(startsAt);
  if (Number.isNaN(start.getTime())) return '-';
  try {
    const day = dayFormat(timeZone, 'short').format(start);
    const time = clockFormat(timeZone);
    return endsAt
      ? `${day}, ${time.format(start)} – ${time.format(new Date(endsAt))}`
      : `${day}, ${time.format(start)}`;
  } catch {
    return start.toISOString();
  }
}
