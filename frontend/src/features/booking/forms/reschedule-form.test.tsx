// @vitest-environment happy-dom
import { BookingMessages } from '@app/contracts/api/booking';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { nextMonth, reschedulableBooking } from '../../../testing/booking-days';
import { cleanUpAfterEachTest } from '../../../testing/clean-up';
import { type FakeRoute, reply, requestsTo, stubApi } from '../../../testing/fake-api';
import { isSelectableDate, monthOf, todayIn } from '../utils/booking-dates';
import { RescheduleForm } from './reschedule-form';

const ZONE = 'America/New_York';
cleanUpAfterEachTest();

/** The first weekday from today on, this month or the next, in the company's zone. */
function firstBookableDay(): string {
  const today = todayIn(ZONE);
  for (const month of [monthOf(today), nextMonth(monthOf(today))])
    for (let d = 1; d <= 31; d++) {
      const date = `${month}-${String(d).padStart(2, '0')}`;
      if (isSelectableDate(date, today)) return date;
    }
  throw new Error('no bookable day');
}

const booking = reschedulableBooking;

function setUp(post: FakeRoute) {
  const day = firstBookableDay();
  const month = monthOf(todayIn(ZONE));
  const months = [month, nextMonth(month)];
  const api = stubApi({
    ...Object.fromEntries(
      months.map((m) => [
        `GET /api/booking/availability/month?month=${m}`,
        reply({ month: m, timeZone: ZONE, availableDates: [day] }),
      ]),
    ),
    [`GET /api/booking/availability?date=${day}`]: reply({
      date: day,
      timeZone: ZONE,
      availableTimes: ['09:00 AM - 09:30 AM', '01:00 PM - 01:30 PM'],
    }),
    'POST /api/booking/reschedule': post,
  });
  const onMoved = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RescheduleForm token="tok-9" booking={booking} onMoved={onMoved} />
    </QueryClientProvider>,
  );
  return { api, day, month, onMoved };
}

async function pickSecondTime(day: string, month: string) {
  if (monthOf(day) !== month) fireEvent.click(screen.getByTestId('reschedule-day-next'));
  const cell = () => screen.getByTestId(`reschedule-day-${day}`);
  await waitFor(() => expect(cell().hasAttribute('data-available')).toBe(true));
  fireEvent.click(cell());
  const radios = await screen.findAllByRole('radio');
  fireEvent.click(radios[1]!);
  fireEvent.click(screen.getByRole('button', { name: 'Move consultation' }));
}

describe('RescheduleForm', () => {
  it('sends the link, day and time of the new slot, and hands the moved booking on', async () => {
    const moved = { ...booking, id: 4, message: BookingMessages.rescheduled };
    const { api, day, month, onMoved } = setUp(reply(moved));
    await pickSecondTime(day, month);
    await waitFor(() => expect(onMoved).toHaveBeenCalledTimes(1));
    expect(requestsTo(api, 'POST /api/booking/reschedule')[0]?.body).toEqual({
      token: 'tok-9',
      date: day,
      time: '01:00 PM - 01:30 PM',
    });
  });

  it('puts a taken time (409) under the times and asks for them again', async () => {
    const { api, day, month, onMoved } = setUp(reply({ message: BookingMessages.taken, issues: [] }, 409));
    await pickSecondTime(day, month);
    await screen.findByText(BookingMessages.taken);
    expect(onMoved).not.toHaveBeenCalled();
    await waitFor(() => expect(requestsTo(api, `GET /api/booking/availability?date=${day}`).length).toBe(2));
  });

  it("shows the server's reason when the move is refused (422 without a field)", async () => {
    const reason = 'Consultations can be moved up to 4 hours before they start.';
    const { day, month } = setUp(reply({ message: reason, issues: [] }, 422));
    await pickSecondTime(day, month);
    expect((await screen.findByTestId('reschedule-error')).textContent).toBe(reason);
  });
});
