// @vitest-environment happy-dom
import { BookingMessages, rescheduleNoticeMessage } from '@app/contracts/api/booking';
import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectConfirmedBookingShown, reschedulableBooking } from '../../../testing/booking-days';
import { cleanUpAfterEachTest } from '../../../testing/clean-up';
import { reply, stubApi } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

cleanUpAfterEachTest();

const booking = reschedulableBooking;

describe('/booking/reschedule', () => {
  it('shows the booking in the company zone and the picker for a new time', async () => {
    stubApi({ 'GET /api/booking/reschedule/tok-1': reply(booking) });
    renderApp('/booking/reschedule?token=tok-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reschedule Consultation' })).toBeTruthy();
    await screen.findByTestId('reschedule-current');
    expectConfirmedBookingShown('reschedule-current');
    expect(screen.getByRole('form', { name: 'Pick a new time' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Move consultation' })).toBeTruthy();
    expect(screen.getByTestId('reschedule-current').textContent).toContain(
      'Consultations can be moved up to 4 hours before they start.',
    );
  });

  it('says why a booking can no longer be moved (notice period, cancelled) and offers a new booking', async () => {
    const reason = rescheduleNoticeMessage(4);
    stubApi({
      'GET /api/booking/reschedule/soon': reply({ ...booking, canReschedule: false, reason }),
      'GET /api/booking/reschedule/gone': reply({
        ...booking,
        status: 'cancelled',
        canReschedule: false,
        reason: BookingMessages.cancelledCannotMove,
      }),
    });
    renderApp('/booking/reschedule?token=soon');
    expect((await screen.findByTestId('reschedule-reason')).textContent).toBe(reason);
    expect(reason).toContain('Consultations can be moved up to 4 hours before they start.');
    expect(screen.queryByRole('button', { name: 'Move consultation' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Book a new consultation' }).getAttribute('href')).toBe(
      '/book-consultation',
    );
    cleanup();
    renderApp('/booking/reschedule?token=gone');
    expect((await screen.findByTestId('reschedule-reason')).textContent).toBe(BookingMessages.cancelledCannotMove);
  });

  it('says an unknown, expired or missing link is invalid, and offers a new booking', async () => {
    const api = stubApi({ 'GET /api/booking/reschedule/nope': reply({ message: 'Not found', issues: [] }, 404) });
    renderApp('/booking/reschedule?token=nope');
    expect((await screen.findByTestId('reschedule-invalid')).textContent).toContain(BookingMessages.invalidManageLink);
    expect(screen.getByRole('link', { name: 'Book a new consultation' }).getAttribute('href')).toBe(
      '/book-consultation',
    );
    cleanup();
    api.requests.length = 0;
    renderApp('/booking/reschedule');
    expect(await screen.findByTestId('reschedule-invalid')).toBeTruthy();
    expect(api.requests.filter((r) => r.path.startsWith('/api/booking'))).toHaveLength(0);
  });
});
