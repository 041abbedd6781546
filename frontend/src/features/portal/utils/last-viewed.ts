const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** 'Last viewed 3 days ago', 'Last viewed yesterday', 'Not viewed yet': the person's own last view (issue 18). */
export function lastViewedText(lastViewedAt: string | null, now: number = Date.now()): string {
  if (!lastViewedAt) return 'Not viewed yet';
  const at = Date.parse(lastViewedAt);
  if (Number.isNaN(at)) return 'Not viewed yet';
  const ago = Math.max(0, now - at);
  if (ago < MINUTE) return 'Last viewed just now';
  if (ago < HOUR) return `Last viewed ${relative.format(-Math.floor(ago / MINUTE), 'minute')}`;
  if (ago < DAY) return `Last viewed ${relative.format(-Math.floor(ago / HOUR), 'hour')}`;
  const days = Math.floor(ago / DAY);
  if (days < 30) return `Last viewed ${relative.format(-days, 'day')}`;
  if (days < 365) return `Last viewed ${relative.format(-Math.floor(days / 30), 'month')}`;
  return `Last viewed ${relative.format(-Math.floor(days / 365), 'year')}`;
}
