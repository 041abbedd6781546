import type { BookingSummary } from '@app/contracts';
import type { ReschedulableBooking } from '@app/contracts/api/booking';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
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

/** A confirmed booking: Ada's, Monday 2 June 2031 at 10:00 in New York (14:00 UTC). */
export const confirmedBooking: BookingSummary = {
  name: 'Ada Lovelace',
  date: '2031-06-02',
  time: '10:00 AM - 10:30 AM',
  timeZone: 'America/New_York',
  startsAt: '2031-06-02T14:00:00.000Z',
  endsAt: '2031-06-02T14:30:00.000Z',
  visitorTimeZone: null,
  status: 'confirmed',
};

/** The same booking, as the reschedule link sees it: it may still be moved. */
export const reschedulableBooking: ReschedulableBooking = {
  ...confirmedBooking,
  canReschedule: true,
  reason: null,
  noticeHours: 4,
};

/** The page shows `confirmedBooking`'s day, time and zone, in the elements `${prefix}-date`, `-time`, `-time-zone`. */
export function expectConfirmedBookingShown(prefix: string) {
  expect(screen.getByTestId(`${prefix}-date`).textContent).toBe('Monday, June 2, 2031');
  expect(screen.getByTestId(`${prefix}-time`).textContent).toBe('10:00 AM - 10:30 AM');
  expect(screen.getByTestId(`${prefix}-time-zone`).textContent).toBe('Eastern Time (America/New_York)');
}
