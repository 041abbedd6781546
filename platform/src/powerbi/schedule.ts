import { DateTime } from 'luxon';

/**
 * A capacity's active hours (issue 29, decision 053): local times 'HH:MM' in an IANA zone on some ISO weekdays
 * (1 = Monday). From equal to To: no active hours. From after To: the hours run past midnight (the day is the one
 * they began on).
 */
export interface ActiveHours {
  timeZone: string;
  activeFrom: string;
  activeTo: string;
  activeDays: readonly number[];
}

const minutesOf = (hhmm: string) => {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

export function isWithinActiveHours(hours: ActiveHours, now: Date): boolean {
  const from = minutesOf(hours.activeFrom);
  const to = minutesOf(hours.activeTo);
  if (from === to) return false;
  const local = DateTime.fromJSDate(now, { zone: hours.timeZone });
  if (!local.isValid) return false;
  const minute = local.hour * 60 + local.minute;
  if (from < to) return hours.activeDays.includes(local.weekday) && minute >= from && minute < to;
  // Past midnight: the evening part belongs to today, the morning part to yesterday.
  if (minute >= from) return hours.activeDays.includes(local.weekday);
  if (minute < to) return hours.activeDays.includes(local.minus({ days: 1 }).weekday);
  return false;
}
