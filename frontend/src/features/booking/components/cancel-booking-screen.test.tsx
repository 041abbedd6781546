// @vitest-environment happy-dom

import type { BookingSummary } from '@app/contracts';
import { BookingMessages } from '@app/contracts/api/booking';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirmedBooking, expectConfirmedBookingShown } from '../../../testing/booking-days';
import { cleanUpAfterEachTest } from '../../../testing/clean-up';
import { deferred, jsonResponse, reply, requestsTo, stubApi } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';
import { ALREADY_CANCELLED_MESSAGE, CANCELLED_MESSAGE } from './cancel-booking-screen';

cleanUpAfterEachTest();

const summary = confirmedBooking;

describe('/booking/cancel', () => {
  it('shows the booking and cancels it', async () => {
    const cancel = deferred();
    const api = stubApi({ 'GET /api/booking/cancel/tok-123': reply(summary), 'POST /api/booking/cancel': cancel });
    renderApp('/booking/cancel?token=tok-123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cancel Consultation' })).toBeTruthy();
    await screen.findByTestId('cancel-confirmed');
    expect(screen.getByTestId('cancel-name').textContent).toBe('Ada Lovelace');
    expectConfirmedBookingShown('cancel');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel consultation' }));
    expect(await screen.findByRole('button', { name: 'Cancelling...' })).toBeTruthy();
    expect(requestsTo(api, 'POST /api/booking/cancel')[0]?.body).toEqual({ token: 'tok-123' });
    cancel.respond(jsonResponse({ message: 'Cancelled' }));
    expect((await screen.findByTestId('cancel-success')).textContent).toContain(CANCELLED_MESSAGE);
    expect(screen.getByRole('link', { name: 'Book another time' }).getAttribute('href')).toBe('/book-consultation');
  });

  it('says when the consultation was already cancelled', async () => {
    stubApi({ 'GET /api/booking/cancel/tok-123': reply<BookingSummary>({ ...summary, status: 'cancelled' }) });
    renderApp('/booking/cancel?token=tok-123');
    expect((await screen.findByTestId('cancel-already')).textContent).toContain(ALREADY_CANCELLED_MESSAGE);
    expect(screen.queryByRole('button', { name: 'Cancel consultation' })).toBeNull();
  });

  it('shows the invalid-link state for an unknown or expired token', async () => {
    stubApi({ 'GET /api/booking/cancel/nope': reply({ message: 'Not found' }, 404) });
    renderApp('/booking/cancel?token=nope');
    expect((await screen.findByTestId('cancel-invalid')).textContent).toContain(BookingMessages.invalidCancelLink);
    expect(screen.getByRole('link', { name: 'Book a consultation' }).getAttribute('href')).toBe('/book-consultation');
  });

  it('shows the invalid-link state without a token, and asks nothing', async () => {
    const api = stubApi();
    renderApp('/booking/cancel');
    expect((await screen.findByTestId('cancel-invalid')).textContent).toContain(
      'This cancellation link is invalid or has expired.',
    );
    expect(api.requests.filter((r) => r.path.startsWith('/api/booking'))).toHaveLength(0);
  });

  it("shows the server's message when the cancelling is refused (422)", async () => {
    stubApi({
      'GET /api/booking/cancel/tok-123': reply(summary),
      'POST /api/booking/cancel': reply({ message: 'This consultation has already started.', issues: [] }, 422),
    });
    renderApp('/booking/cancel?token=tok-123');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel consultation' }));
    await waitFor(() =>
      expect(screen.getByTestId('cancel-error').textContent).toBe('This consultation has already started.'),
    );
  });
});
