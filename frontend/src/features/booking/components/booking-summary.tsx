import type { BookingSummary } from '@app/contracts';
import { useState } from 'react';
import { formatLongDate, formatSlot, sameClock, timeZoneLabel, visitorTimeZone } from '../utils/booking-dates';

/**
 * A booking's name, day, time and zone (the company's), as the pages of its links show it, and the time in the
 * visitor's own zone when their clock shows another (issue 26): the zone they booked from, else this browser's.
 */
export function BookingSummaryList({ booking, testIdPrefix: p }: { booking: BookingSummary; testIdPrefix: string }) {
  const [browserZone] = useState(visitorTimeZone);
  const visitorZone = booking.visitorTimeZone ?? browserZone;
  const startsAt = new Date(booking.startsAt);
  const endsAt = new Date(booking.endsAt);
  const known = !Number.isNaN(startsAt.getTime()) && !Number.isNaN(endsAt.getTime());
  const rows: [string, string][] = [
    ['Name', booking.name],
    ['Date', formatLongDate(booking.date)],
    ['Time', booking.time],
    ['Time zone', timeZoneLabel(booking.timeZone)],
  ];
  if (known && !sameClock(startsAt, booking.timeZone, visitorZone))
    rows.push(['Your time', `${formatSlot(startsAt, endsAt, visitorZone)}, ${timeZoneLabel(visitorZone)}`]);
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
