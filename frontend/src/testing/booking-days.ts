import { isSelectableDate, todayIn } from '../features/booking/utils/booking-dates';

/** The month after `month` (YYYY-MM). */
export const nextMonth = (month: string): string => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

/** The days of `month` a visitor may pick (the weekdays from today on), today reckoned in `timeZone`. */
export function selectableDaysOf(month: string, timeZone: string): string[] {
  const today = todayIn(timeZone);
  const [y, m] = month.split('-').map(Number) as [number, number];
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`).filter((date) =>
    isSelectableDate(date, today),
  );
}
