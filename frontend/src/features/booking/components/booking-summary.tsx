import type { BookingSummary } from '@app/contracts';
import { formatLongDate, timeZoneLabel } from '../utils/booking-dates';

/** A booking's name, day, time and zone (the company's), as the pages of its links show it. */
export function BookingSummaryList({ booking, testIdPrefix: p }: { booking: BookingSummary; testIdPrefix: string }) {
  const rows: [string, string][] = [
    ['Name', booking.name],
    ['Date', formatLongDate(booking.date)],
    ['Time', booking.time],
    ['Time zone', timeZoneLabel(booking.timeZone)],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm" data-testid={`${p}-summary`}>
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-600 dark:text-slate-400">{term}</dt>
          <dd className="text-slate-900 dark:text-white" data-testid={`${p}-${term.toLowerCase().replace(' ', '-')}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
