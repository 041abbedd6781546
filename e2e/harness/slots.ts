import { DEFAULT_TIME_SLOTS } from '@app/contracts';

/**
 * Bookable slots for traffic tests: every default time of the next `days` weekdays, from the day after tomorrow (UTC
 * dates; far enough from any time zone's today), in order.
 */
export function weekdaySlots(days: number): { date: string; time: string }[] {
  const out: { date: string; time: string }[] = [];
  for (let offset = 2; out.length < days * DEFAULT_TIME_SLOTS.length; offset++) {
    const day = new Date(Date.now() + offset * 86_400_000);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    for (const time of DEFAULT_TIME_SLOTS) out.push({ date: day.toISOString().slice(0, 10), time });
  }
  return out;
}
