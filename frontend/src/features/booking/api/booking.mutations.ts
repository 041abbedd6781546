import type { AdminReschedule, BookingRequest } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { bookingQueryKeys } from './booking.queries';

/** POST /api/booking: 201 with the confirmation; 409 when the slot was just taken; 422 with issues. */
const bookConsultation = (request: BookingRequest) => apiRequest('/api/booking', { method: 'POST', body: request });

/** Books a consultation; either way the slots of that day are asked for again (one may be gone now). */
export function useBookConsultation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['booking', 'book'],
    mutationFn: bookConsultation,
    onSettled: (_data, _error, request) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingQueryKeys.availability(request.date) }),
        queryClient.invalidateQueries({ queryKey: bookingQueryKeys.month(request.date.slice(0, 7)) }),
      ]),
  });
}

/** POST /api/booking/cancel { token }: 200 { message }, 404 for an invalid link, 422 when it cannot be cancelled. */
const cancelBooking = (token: string) => apiRequest('/api/booking/cancel', { method: 'POST', body: { token } });

export function useCancelBooking(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['booking', 'cancel'],
    mutationFn: () => cancelBooking(token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingQueryKeys.all }),
  });
}

/** POST /api/booking/reschedule { token, date, time }: 200 with the new time; 409 taken; 422 refused (with why). */
const rescheduleBooking = (token: string, slot: AdminReschedule) =>
  apiRequest('/api/booking/reschedule', { method: 'POST', body: { token, ...slot } });

/** Moves the booking of a link; either way every booking query is asked again (two days' slots have changed). */
export function useRescheduleBooking(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['booking', 'reschedule'],
    mutationFn: (slot: AdminReschedule) => rescheduleBooking(token, slot),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingQueryKeys.all }),
  });
}

/**
 * POST /api/admin/consultations/{id}/reschedule { date, time } (an administrator, on the visitor's behalf): the same
 * date and slot as a booking; 409 when the slot was just taken, 422 with the reason (closed day, past the window...).
 */
export function useRescheduleConsultation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['booking', 'reschedule', id],
    mutationFn: (slot: AdminReschedule) =>
      apiRequest(`/api/admin/consultations/${id}/reschedule`, { method: 'POST', body: slot }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingQueryKeys.all }),
  });
}
