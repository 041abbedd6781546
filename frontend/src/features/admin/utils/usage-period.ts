/** The Usage tab's choices (issue 18): the last 30, 90 or 365 days, by day or by week. */
export const USAGE_RANGES = [30, 90, 365] as const;
export type UsageRange = (typeof USAGE_RANGES)[number];
export type UsageGroup = 'day' | 'week';

export interface UsagePeriod {
  from: string;
  to: string;
  groupBy: UsageGroup;
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last `days` days up to today (the browser's today), both counted. */
export function usagePeriod(days: UsageRange, groupBy: UsageGroup, now: Date = new Date()): UsagePeriod {
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return { from: isoDay(today - (days - 1) * DAY_MS), to: isoDay(today), groupBy };
}

/** '3 Nov' for a day, 'Week of 3 Nov' for a week: the axis and the tables. */
export function bucketLabel(bucket: string, groupBy: UsageGroup, long = false): string {
  const date = new Date(`${bucket}T00:00:00Z`);
  const text = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(long ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(date);
  return groupBy === 'week' && long ? `Week of ${text}` : text;
}
