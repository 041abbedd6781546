// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { nextMonth, selectableDaysOf } from '../../../testing/booking-days';
import { cleanUpAfterEachTest } from '../../../testing/clean-up';
import { reply, requestsTo, stubApi } from '../../../testing/fake-api';
import { monthOf, todayIn } from '../utils/booking-dates';
import { BookingForm } from './booking-form';

/** The calendar tab without a scheduling service (D32): month grid, the day's free times, one-step booking. */

const ZONE = 'America/New_York';

cleanUpAfterEachTest();

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

/** The weekdays from today on of this month, in the company's zone. */
const bookableDaysOfMonth = (month: string) => selectableDaysOf(month, ZONE);

function renderPicker(visitorZone = 'Europe/Berlin') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <BookingForm timeZone={ZONE} variant="picker" testIdPrefix="picker" visitorZone={visitorZone} />
    </QueryClientProvider>,
  );
}

const cell = (date: string) => screen.getByTestId(`picker-day-${date}`);

describe('BookingForm as the date picker', () => {
  it('asks for the month shown, highlights its days with free times and does not offer the others', async () => {
    const month = monthOf(todayIn(ZONE));
    const bookable = bookableDaysOfMonth(month);
    const free = bookable.slice(0, 1);
    const full = bookable.slice(1);
    const api = stubApi({
      [`GET /api/booking/availability/month?month=${month}`]: reply({ month, timeZone: ZONE, availableDates: free }),
      [`GET /api/booking/availability/month?month=${nextMonth(month)}`]: reply({
        month: nextMonth(month),
        timeZone: ZONE,
        availableDates: [],
      }),
    });
    renderPicker();
    if (free[0]) await waitFor(() => expect(cell(free[0]!).hasAttribute('data-available')).toBe(true));
    else
      await waitFor(() =>
        expect(requestsTo(api, `GET /api/booking/availability/month?month=${month}`)).toHaveLength(1),
      );
    if (free[0]) expect(cell(free[0]).getAttribute('aria-disabled')).not.toBe('true');
    for (const date of full) {
      expect(cell(date).hasAttribute('data-available'), date).toBe(false);
      expect(cell(date).getAttribute('aria-disabled'), date).toBe('true');
    }

    fireEvent.click(screen.getByTestId('picker-day-next'));
    await waitFor(() =>
      expect(requestsTo(api, `GET /api/booking/availability/month?month=${nextMonth(month)}`)).toHaveLength(1),
    );
    await screen.findByText('No free times left this month. Please try the next month.');
  });

  it("lists the day's free times as radio buttons with the visitor's own time, and books in one step", async () => {
    const month = monthOf(todayIn(ZONE));
    const day = bookableDaysOfMonth(month)[0] ?? bookableDaysOfMonth(nextMonth(month))[0]!;
    const api = stubApi({
      [`GET /api/booking/availability/month?month=${month}`]: reply({ month, timeZone: ZONE, availableDates: [day] }),
      [`GET /api/booking/availability/month?month=${nextMonth(month)}`]: reply({
        month: nextMonth(month),
        timeZone: ZONE,
        availableDates: [day],
      }),
      [`GET /api/booking/availability?date=${day}`]: reply({
        date: day,
        timeZone: ZONE,
        availableTimes: ['09:00 AM - 09:30 AM', '01:00 PM - 01:30 PM'],
      }),
      'POST /api/booking': reply(
        {
          id: 7,
          date: day,
          time: '01:00 PM - 01:30 PM',
          timeZone: ZONE,
          startsAt: '2031-06-02T17:00:00.000Z',
          endsAt: '2031-06-02T17:30:00.000Z',
          email: 'ada@example.com',
          cancelUrl: '/booking/cancel?token=t',
          calendarUrl: '/api/booking/calendar/t',
          rescheduleUrl: '/booking/reschedule?token=t',
          googleCalendarUrl: 'https://calendar.google.com/calendar/render?action=TEMPLATE',
          outlookCalendarUrl: 'https://outlook.live.com/calendar/0/deeplink/compose?rru=addevent',
          message: 'ok',
        },
        201,
      ),
    });
    renderPicker();
    expect(screen.getByText('Choose a day to see its free times.')).toBeTruthy();
    expect(screen.getByTestId('picker-time-zone').textContent).toBe('Times are in Eastern Time (America/New_York)');
    expect(screen.getByTestId('picker-visitor-zone').textContent).toContain('(Europe/Berlin)');
    if (monthOf(day) !== month) fireEvent.click(screen.getByTestId('picker-day-next'));
    await waitFor(() => expect(cell(day).hasAttribute('data-available')).toBe(true));
    fireEvent.click(cell(day));

    const radios = await screen.findAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).value)).toEqual(['09:00 AM - 09:30 AM', '01:00 PM - 01:30 PM']);
    // New York is 6 hours behind Berlin all year but for a few weeks of daylight-saving changes.
    const labels = screen.getAllByTestId('picker-slot').map((l) => l.textContent);
    expect(labels[0]).toMatch(/^09:00 AM - 09:30 AMYour time: (3|2):00 PM – (3|2):30 PM$/);
    expect(screen.getByRole('group', { name: /^Free times on / })).toBeTruthy();

    fireEvent.click(radios[1]!);
    expect((radios[1] as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Your Name'), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(screen.getByLabelText('Your Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByTestId('picker-submit'));
    await screen.findByTestId('picker-confirmation');
    expect(requestsTo(api, 'POST /api/booking')[0]?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      date: day,
      time: '01:00 PM - 01:30 PM',
      // The visitor's own zone goes with the booking (issue 26): their e-mails show their time too.
      visitorTimeZone: 'Europe/Berlin',
    });
    expect(screen.getByTestId('picker-confirmation-visitor-time').textContent).toBe(
      'Monday, June 2, 2031, 7:00 PM – 7:30 PM',
    );
    // Beside the .ics: Google Calendar and Outlook, in new tabs.
    for (const [testId, href] of [
      ['picker-add-to-google', 'https://calendar.google.com/calendar/render?action=TEMPLATE'],
      ['picker-add-to-outlook', 'https://outlook.live.com/calendar/0/deeplink/compose?rru=addevent'],
    ] as const) {
      const link = screen.getByTestId(testId);
      expect(link.getAttribute('href')).toBe(href);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('asks for a time when none is chosen, at the list of times', async () => {
    stubApi();
    renderPicker('America/New_York');
    expect(screen.queryByTestId('picker-visitor-zone')).toBeNull();
    fireEvent.click(screen.getByTestId('picker-submit'));
    await screen.findByText('Please select a time');
    expect(screen.getByText('Please select a date')).toBeTruthy();
  });
});
