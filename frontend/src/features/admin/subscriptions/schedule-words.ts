import type { Subscription, SubscriptionRun } from '@app/contracts';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/** 'Mondays at 08:30 (Europe/Brussels)', 'The 31st (or the month's last day) at 07:00 (UTC)'. */
export function scheduleWords(s: Pick<Subscription, 'frequency' | 'weekday' | 'dayOfMonth' | 'time' | 'timeZone'>) {
  if (s.frequency === 'weekly') return `${WEEKDAYS[s.weekday ?? 0]}s at ${s.time} (${s.timeZone})`;
  const day = s.dayOfMonth ?? 1;
  return `The ${ordinal(day)}${day > 28 ? " (or the month's last day)" : ''} of each month at ${s.time} (${s.timeZone})`;
}

/** A date and time in the admin's own zone, e.g. 'Mon, Dec 7, 08:30'. */
export const when = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat('en-US', {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(iso))
    : '';

export const RUN_STATES: Record<
  SubscriptionRun['state'],
  { label: string; variant: 'success' | 'neutral' | 'warning' | 'info' | 'danger' }
> = {
  pending: { label: 'Queued', variant: 'info' },
  exporting: { label: 'Exporting', variant: 'info' },
  sent: { label: 'Sent', variant: 'success' },
  failed: { label: 'Failed', variant: 'danger' },
  skipped: { label: 'Skipped', variant: 'neutral' },
};

/** A subscription's (or a link's) name in the admin's words: 'Acme — Sales'. */
export const subscriptionName = (s: { organizationName: string; dashboardName: string }) =>
  `${s.organizationName} — ${s.dashboardName}`;
