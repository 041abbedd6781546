import type { ReschedulableBooking } from '@app/contracts/api/booking';
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

/** A confirmed booking its link may still move: Ada's, Monday 2 June 2031 at 10:00 in New York (14:00 UTC). */
export const reschedulableBooking: ReschedulableBooking = {
  name: 'Ada Lovelace',
  date: '2031-06-02',
  time: '10:00 AM - 10:30 AM',
  timeZone: 'America/New_York',
  startsAt: '2031-06-02T14:00:00.000Z',
  endsAt: '2031-06-02T14:30:00.000Z',
  visitorTimeZone: null,
  status: 'confirmed',
  canReschedule: true,
  reason: null,
  noticeHours: 4,
};
