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

/** A changed value of the audit log, short. */
export function formatChange(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value.length > 60 ? `${value.slice(0, 57)}...` : value;
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** 'Tue, Nov 3, 2026, 10:00 AM – 10:30 AM' of a consultation, as the clock of `timeZone` (the company's) shows it. */
export function formatSlotIn(startsAt: string, endsAt: string | null, timeZone: string): string {
  const start = new Date(startsAt);
  if (Number.isNaN(start.getTime())) return '-';
  try {
    const day = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    }).format(start);
    const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
    return endsAt
      ? `${day}, ${time.format(start)} – ${time.format(new Date(endsAt))}`
      : `${day}, ${time.format(start)}`;
  } catch {
    return start.toISOString();
  }
}
