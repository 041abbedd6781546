// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { nextMonth, selectableDaysOf } from '../../../testing/booking-days';
import { cleanUpAfterEachTest } from '../../../testing/clean-up';
import { reply, stubApi } from '../../../testing/fake-api';
import { monthOf, todayIn } from '../utils/booking-dates';
import { BookingForm } from './booking-form';

/**
 * Issue 16: the picker disables the days the company is closed and the days past the booking window, and says so.
 * Issue 26: the form's calendar as well, instead of offering them and refusing them once chosen.
 */

const ZONE = 'America/New_York';
cleanUpAfterEachTest();
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the date picker and the booking rules', () => {
  it.each([
    ['picker', 'picker'],
    ['form', 'booking'],
  ] as const)(
    '%s: disables a closed day and the days after the last bookable one, even when the month lists them',
    async (variant, p) => {
      const cell = (date: string) => screen.getByTestId(`${p}-day-${date}`);
      const today = todayIn(ZONE);
      const weekdaysOf = (month: string) => selectableDaysOf(month, ZONE);
      // This month, or the next when this one has fewer than three weekdays left.
      const shown = weekdaysOf(monthOf(today)).length >= 3 ? monthOf(today) : nextMonth(monthOf(today));
      const month = monthOf(today);
      const weekdays = weekdaysOf(shown);
      const [open, closed, ...rest] = weekdays as [string, string, ...string[]];
      const lastDate = closed;
      const answer = (m: string) =>
        reply({ month: m, timeZone: ZONE, availableDates: [open, closed, ...rest], closedDates: [closed], lastDate });
      stubApi({
        [`GET /api/booking/availability/month?month=${month}`]: answer(month),
        [`GET /api/booking/availability/month?month=${nextMonth(month)}`]: answer(nextMonth(month)),
      });
      render(
        <QueryClientProvider client={createQueryClient()}>
          <BookingForm timeZone={ZONE} variant={variant} testIdPrefix={p} visitorZone={ZONE} />
        </QueryClientProvider>,
      );
      if (shown !== month) fireEvent.click(screen.getByTestId(`${p}-day-next`));
      await screen.findByTestId(`${p}-closed-days`);
      await waitFor(() => expect(cell(open).getAttribute('aria-disabled')).not.toBe('true'));
      expect(cell(closed).getAttribute('aria-disabled')).toBe('true');
      for (const date of rest) expect(cell(date).getAttribute('aria-disabled'), date).toBe('true');
      expect(screen.getByTestId(`${p}-closed-days`).textContent).toMatch(/^We're closed on \w+day, /);
      expect(screen.getByTestId(`${p}-last-date`).textContent).toMatch(/^Bookings open up to \w+day, /);
    },
  );
});
