// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { nextMonth, selectableDaysOf } from '../../../testing/booking-days';
import { cleanUpAfterEachTest } from '../../../testing/clean-up';
import { jsonResponse, reply, requestsTo, stubApi } from '../../../testing/fake-api';
import { monthOf, todayIn } from '../utils/booking-dates';
import { RescheduleDialog } from './reschedule-dialog';

/** The admin's reschedule dialog against the contract of POST /api/admin/consultations/{id}/reschedule. */

const ZONE = 'America/New_York';
cleanUpAfterEachTest();
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

/** The days a visitor may pick in `month`, after today. */
const weekdaysFrom = (month: string) => selectableDaysOf(month, ZONE).filter((date) => date > todayIn(ZONE));

const consultation = { id: 42, name: 'Ada Lovelace', date: '2031-06-02', time: '10:00 AM - 10:30 AM', timeZone: ZONE };

function setUp(reschedule: (n: number) => Response) {
  const month = monthOf(todayIn(ZONE));
  const days = [...weekdaysFrom(month), ...weekdaysFrom(nextMonth(month))];
  const [day, closed] = days as [string, string];
  const monthAnswer = (m: string) =>
    reply({ month: m, timeZone: ZONE, availableDates: [day], closedDates: [closed], lastDate: '2099-12-31' });
  let calls = 0;
  const api = stubApi({
    [`GET /api/booking/availability/month?month=${month}`]: monthAnswer(month),
    [`GET /api/booking/availability/month?month=${nextMonth(month)}`]: monthAnswer(nextMonth(month)),
    [`GET /api/booking/availability?date=${day}`]: reply({
      date: day,
      timeZone: ZONE,
      availableTimes: ['11:00 AM - 11:30 AM', '02:00 PM - 02:30 PM'],
    }),
    'POST /api/admin/consultations/42/reschedule': () => reschedule(++calls),
  });
  const onRescheduled = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RescheduleDialog consultation={consultation} open onOpenChange={() => {}} onRescheduled={onRescheduled} />
    </QueryClientProvider>,
  );
  return { api, day, closed, month, onRescheduled };
}

const cell = (date: string) => screen.getByTestId(`reschedule-day-${date}`);

describe('RescheduleDialog', () => {
  it("moves the consultation to a free slot, showing the API's refusal first", async () => {
    const { api, day, month, onRescheduled } = setUp((n) =>
      n === 1
        ? jsonResponse({ message: 'This time is no longer available. Please choose another time.', issues: [] }, 409)
        : jsonResponse({ message: 'Rescheduled' }),
    );
    expect(screen.getByRole('dialog', { name: "Reschedule Ada Lovelace's consultation" })).toBeTruthy();
    if (monthOf(day) !== month) fireEvent.click(screen.getByTestId('reschedule-day-next'));
    await waitFor(() => expect(cell(day).hasAttribute('data-available')).toBe(true));

    fireEvent.click(screen.getByTestId('reschedule-submit'));
    expect((await screen.findByTestId('reschedule-error')).textContent).toContain('Please choose a day and a time.');
    expect(requestsTo(api, 'POST /api/admin/consultations/42/reschedule')).toHaveLength(0);

    fireEvent.click(cell(day));
    const radios = await screen.findAllByRole('radio', {}, { timeout: 5000 });
    fireEvent.click(radios[1]!);
    fireEvent.click(screen.getByTestId('reschedule-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('reschedule-error').textContent).toContain('This time is no longer available.'),
    );
    expect(onRescheduled).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('reschedule-submit'));
    await waitFor(() => expect(onRescheduled).toHaveBeenCalledTimes(1));
    expect(requestsTo(api, 'POST /api/admin/consultations/42/reschedule').map((r) => r.body)).toEqual([
      { date: day, time: '02:00 PM - 02:30 PM' },
      { date: day, time: '02:00 PM - 02:30 PM' },
    ]);
  });

  it('shows a 422 message (a closed day) as the API says it, and disables closed days', async () => {
    const { day, closed, month } = setUp(() =>
      jsonResponse(
        {
          message: "We're closed on that day. Please choose another date.",
          issues: [{ path: 'date', message: "We're closed on that day. Please choose another date." }],
        },
        422,
      ),
    );
    if (monthOf(day) !== month) fireEvent.click(screen.getByTestId('reschedule-day-next'));
    await waitFor(() => expect(cell(day).hasAttribute('data-available')).toBe(true));
    if (monthOf(closed) === monthOf(day)) expect(cell(closed).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(cell(day));
    fireEvent.click((await screen.findAllByRole('radio', {}, { timeout: 5000 }))[0]!);
    fireEvent.click(screen.getByTestId('reschedule-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('reschedule-error').textContent).toContain("We're closed on that day."),
    );
  });
});
