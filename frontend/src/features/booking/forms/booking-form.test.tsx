// @vitest-environment happy-dom
import { BookingMessages, DEFAULT_TIME_SLOTS } from '@app/contracts/api/booking';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { createQueryClient } from '../../../lib/query-client';
import { cleanUpAfterEachTest } from '../../../testing/clean-up';
import { deferred, jsonResponse, reply, requestsTo, stubApi } from '../../../testing/fake-api';
import { isSelectableDate, todayIn } from '../utils/booking-dates';
import { BOOKING_ERROR_BANNER, BOOKING_SUCCESS_BANNER, BookingForm } from './booking-form';

const ZONE = 'America/New_York';

cleanUpAfterEachTest();

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

function renderForm() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <BookingForm timeZone={ZONE} visitorZone="Asia/Tokyo" />
      <Toaster />
    </QueryClientProvider>,
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const timeSelect = () => screen.getByTestId('booking-time') as HTMLSelectElement;
const submit = () => fireEvent.click(screen.getByTestId('booking-submit'));
const describedError = (element: HTMLElement) => {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return document.getElementById(ids[0] ?? '')?.textContent;
};

/** The first day of the shown month that can be booked (a weekday from today on, in the company's zone). */
/** The form, open (no answers stubbed yet), and the first day a visitor may pick in it. */
function openOnFirstDay(): string {
  stubApi();
  renderForm();
  return firstSelectableDay();
}

function firstSelectableDay(): string {
  const today = todayIn(ZONE);
  const cell = [...document.querySelectorAll<HTMLElement>('[data-testid^="booking-day-2"]')].find((el) => {
    const date = el.dataset.testid?.slice('booking-day-'.length) ?? '';
    return isSelectableDate(date, today) && !el.hasAttribute('data-outside-range');
  });
  if (!cell) {
    fireEvent.click(screen.getByTestId('booking-day-next'));
    return firstSelectableDay();
  }
  return cell.dataset.testid?.slice('booking-day-'.length) ?? '';
}

async function pickDate(date: string) {
  fireEvent.click(screen.getByTestId(`booking-day-${date}`));
  await waitFor(() => expect(screen.getByTestId(`booking-day-${date}`).hasAttribute('data-selected')).toBe(true));
}

/** The day's free times, as the API answers them. */
const slotsOn = (date: string, availableTimes: string[]) => ({
  [`GET /api/booking/availability?date=${date}`]: reply({ date, timeZone: ZONE, availableTimes }),
});

/** Types `typed` (by label), picks `date`, then `time` once the day's times are offered, and submits. */
async function book(date: string, time: string, typed: Record<string, string>) {
  for (const [label, value] of Object.entries(typed)) type(label, value);
  await pickDate(date);
  await waitFor(() => expect(timeSelect().disabled).toBe(false));
  fireEvent.change(timeSelect(), { target: { value: time } });
  submit();
}

const ada = { 'Your Name': 'Ada Lovelace', 'Your Email': 'ada@example.com' };

/** The API's 201 for a booking on `date` at `time`, with or without its own links. */
const confirmed = (
  date: string,
  time: string,
  rest: { id: number; startsAt: string; endsAt: string; links: boolean },
) =>
  jsonResponse(
    {
      id: rest.id,
      date,
      time,
      timeZone: ZONE,
      startsAt: rest.startsAt,
      endsAt: rest.endsAt,
      email: 'ada@example.com',
      cancelUrl: rest.links ? '/booking/cancel?token=abc' : null,
      calendarUrl: rest.links ? '/api/booking/calendar/abc' : null,
      googleCalendarUrl: 'https://calendar.google.com/calendar/render?action=TEMPLATE',
      outlookCalendarUrl: 'https://outlook.live.com/calendar/0/deeplink/compose?rru=addevent',
      message: 'ok',
    },
    201,
  );

describe('BookingForm', () => {
  it('shows the schema messages when empty and sends nothing', async () => {
    const api = stubApi();
    renderForm();
    submit();
    await waitFor(() => expect(describedError(field('Your Name'))).toBe('Name must be at least 2 characters'));
    expect(describedError(field('Your Email'))).toBe('Please enter a valid email address');
    expect(screen.getByText('Please select a date')).toBeTruthy();
    expect(describedError(timeSelect())).toBe('Please select a time');
    expect(requestsTo(api, 'POST /api/booking')).toHaveLength(0);
  });

  it('says which zone the times are in and keeps the time disabled until a date is chosen', () => {
    stubApi();
    renderForm();
    expect(screen.getByTestId('booking-time-zone').textContent).toBe('Times are in Eastern Time (America/New_York)');
    expect(timeSelect().disabled).toBe(true);
  });

  it('disables weekends and days before today in the calendar', () => {
    stubApi();
    renderForm();
    const today = todayIn(ZONE);
    const cells = [...document.querySelectorAll<HTMLElement>('[data-testid^="booking-day-2"]')];
    expect(cells.length).toBeGreaterThanOrEqual(28);
    for (const cell of cells) {
      const date = cell.dataset.testid?.slice('booking-day-'.length) ?? '';
      if (cell.hasAttribute('data-outside-range')) continue;
      expect(cell.getAttribute('aria-disabled') === 'true', date).toBe(!isSelectableDate(date, today));
    }
  });

  it("loads the day's slots ('Loading available times...'), or says there are none", async () => {
    const date = openOnFirstDay();
    const slots = deferred();
    stubApi({ [`GET /api/booking/availability?date=${date}`]: slots });
    await pickDate(date);
    await waitFor(() => expect(timeSelect().options[0]?.textContent).toBe('Loading available times...'));
    expect(timeSelect().disabled).toBe(true);
    slots.respond(jsonResponse({ date, timeZone: ZONE, availableTimes: [] }));
    await waitFor(() => expect(timeSelect().options[0]?.textContent).toBe('No available times for this date.'));
  });

  it('offers the default slots when the answer has no availableTimes', async () => {
    const date = openOnFirstDay();
    stubApi({ [`GET /api/booking/availability?date=${date}`]: reply({ date, timeZone: ZONE }) });
    await pickDate(date);
    await waitFor(() => expect(timeSelect().disabled).toBe(false));
    expect([...timeSelect().options].slice(1).map((o) => o.value)).toEqual([...DEFAULT_TIME_SLOTS]);
  });

  it("books: 'Processing...' while busy, then the confirmation in place of the form (both zones, e-mail, links)", async () => {
    const date = openOnFirstDay();
    const booking = deferred();
    const api = stubApi({
      ...slotsOn(date, ['10:00 AM - 10:30 AM', '02:00 PM - 02:30 PM']),
      'POST /api/booking': booking,
    });
    await book(date, '02:00 PM - 02:30 PM', {
      'Your Name': ' Ada Lovelace ',
      'Your Email': 'ada@example.com',
      'Business Name (optional)': 'Analytical Engines',
    });

    const busy = await screen.findByRole('button', { name: 'Processing...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(requestsTo(api, 'POST /api/booking')[0]?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      businessName: 'Analytical Engines',
      date,
      time: '02:00 PM - 02:30 PM',
      visitorTimeZone: 'Asia/Tokyo',
    });

    booking.respond(
      confirmed(date, '02:00 PM - 02:30 PM', {
        id: 1,
        startsAt: '2031-06-02T18:00:00.000Z',
        endsAt: '2031-06-02T18:30:00.000Z',
        links: true,
      }),
    );
    const confirmation = await screen.findByTestId('booking-confirmation');
    expect(screen.getByTestId('booking-success').textContent).toBe(BOOKING_SUCCESS_BANNER);
    expect(document.activeElement).toBe(confirmation);
    expect(screen.queryByTestId('booking-form')).toBeNull();
    expect(screen.getByTestId('booking-confirmation-company-time').textContent).toBe(
      'Monday, June 2, 2031, 2:00 PM – 2:30 PM',
    );
    expect(screen.getByTestId('booking-confirmation-visitor-time').textContent).toBe(
      'Tuesday, June 3, 2031, 3:00 AM – 3:30 AM',
    );
    expect(confirmation.textContent).toContain('Our time: Eastern Time (America/New_York)');
    expect(confirmation.textContent).toContain('(Asia/Tokyo)');
    expect(screen.getByTestId('booking-confirmation-email').textContent).toBe('ada@example.com');
    expect(screen.getByTestId('booking-add-to-calendar').getAttribute('href')).toBe('/api/booking/calendar/abc');
    expect(screen.getByTestId('booking-add-to-calendar').getAttribute('download')).toBe('consultation.ics');
    expect(screen.getByTestId('booking-cancel-link').getAttribute('href')).toBe('/booking/cancel?token=abc');
    expect(await screen.findByText('Consultation booked!')).toBeTruthy();
    expect(screen.getByText('Check your email for confirmation details.')).toBeTruthy();

    // 'Book another time' brings back an empty form.
    fireEvent.click(screen.getByTestId('booking-book-another'));
    expect(field('Your Name').value).toBe('');
    expect(timeSelect().value).toBe('');
    expect(screen.getByRole('button', { name: 'Book Consultation' })).toBeTruthy();
  });

  it('says to use the e-mail when the answer has no links of its own', async () => {
    const date = openOnFirstDay();
    stubApi({
      ...slotsOn(date, [DEFAULT_TIME_SLOTS[0]]),
      'POST /api/booking': () =>
        confirmed(date, DEFAULT_TIME_SLOTS[0], {
          id: 2,
          startsAt: '2031-06-02T13:00:00.000Z',
          endsAt: '2031-06-02T13:30:00.000Z',
          links: false,
        }),
    });
    await book(date, DEFAULT_TIME_SLOTS[0], ada);
    const confirmation = await screen.findByTestId('booking-confirmation');
    expect(screen.queryByTestId('booking-add-to-calendar')).toBeNull();
    expect(screen.queryByTestId('booking-cancel-link')).toBeNull();
    expect(confirmation.textContent).toContain('The e-mail has the calendar invite and a link to cancel.');
  });

  it('after a 409 says the time was taken, at the top and at the time, never "Please try again", and asks for the slots again', async () => {
    const date = openOnFirstDay();
    let times = ['10:00 AM - 10:30 AM', '02:00 PM - 02:30 PM'];
    const api = stubApi({
      [`GET /api/booking/availability?date=${date}`]: () =>
        jsonResponse({ date, timeZone: ZONE, availableTimes: times }),
      'POST /api/booking': () => {
        times = ['10:00 AM - 10:30 AM'];
        return jsonResponse({ message: BookingMessages.taken }, 409);
      },
    });
    await book(date, '02:00 PM - 02:30 PM', ada);

    // Issue 26: the useful message at the top of the form, where the eye is, not a generic one twice.
    expect((await screen.findByTestId('booking-error')).textContent).toBe(BookingMessages.taken);
    await waitFor(() => expect(describedError(timeSelect())).toBe(BookingMessages.taken));
    expect(document.body.textContent).not.toContain('Please try again');
    expect(document.querySelector('[data-testid="toast"]')).toBeNull();
    await waitFor(() => expect(requestsTo(api, `GET /api/booking/availability?date=${date}`)).toHaveLength(2));
    await waitFor(() => expect([...timeSelect().options].map((o) => o.value)).toEqual(['', '10:00 AM - 10:30 AM']));
    // The taken time left the list; why stays under the field until another is picked.
    expect(describedError(timeSelect())).toBe(BookingMessages.taken);
    fireEvent.change(timeSelect(), { target: { value: '10:00 AM - 10:30 AM' } });
    await waitFor(() => expect(timeSelect().getAttribute('aria-invalid')).toBeNull());
    expect(field('Your Name').value).toBe('Ada Lovelace');
  });

  it('says when to try again after too many bookings (429 with Retry-After), once', async () => {
    const date = openOnFirstDay();
    stubApi({
      ...slotsOn(date, ['10:00 AM - 10:30 AM']),
      'POST /api/booking': () =>
        jsonResponse({ message: 'Too many attempts. Please try again later.', issues: [] }, 429, {
          'retry-after': '412',
        }),
    });
    await book(date, '10:00 AM - 10:30 AM', ada);
    expect((await screen.findByTestId('booking-error')).textContent).toBe(
      'Several consultations were booked from your connection in a short time, so this one was not booked. Please try again in about 7 minutes.',
    );
    expect(screen.queryByTestId('booking-server-error')).toBeNull();
    expect(document.querySelector('[data-testid="toast"]')).toBeNull();
    expect(document.body.textContent).not.toContain('try again later');
  });

  it("shows the server's message of another refusal in the form, beside the banner", async () => {
    const date = openOnFirstDay();
    stubApi({
      ...slotsOn(date, ['10:00 AM - 10:30 AM']),
      'POST /api/booking': reply({ message: 'Bookings are paused for maintenance.', issues: [] }, 423),
    });
    await book(date, '10:00 AM - 10:30 AM', ada);
    expect((await screen.findByTestId('booking-server-error')).textContent).toBe(
      'Bookings are paused for maintenance.',
    );
    expect(screen.getByTestId('booking-error').textContent).toBe(BOOKING_ERROR_BANNER);
  });
});
