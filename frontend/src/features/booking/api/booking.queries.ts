import type { Availability } from '@app/contracts';
import { DEFAULT_TIME_SLOTS } from '@app/contracts/api/booking';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';

export const bookingQueryKeys = {
  all: ['booking'] as const,
  availability: (date: string) => ['booking', 'availability', date] as const,
  month: (month: string) => ['booking', 'availability', 'month', month] as const,
  cancel: (token: string) => ['booking', 'cancel', token] as const,
  reschedule: (token: string) => ['booking', 'reschedule', token] as const,
};

/**
 * GET /api/booking/availability?date=yyyy-MM-dd (only once a date is chosen). Without `availableTimes` in the
 * answer the default slots are offered (spec section 7). A 422 (weekend, past day) fails with the server's message.
 */
export const availabilityQueryOptions = (date: string) =>
  queryOptions({
    queryKey: bookingQueryKeys.availability(date),
    queryFn: async ({ signal }): Promise<Availability & { availableTimes: string[] }> => {
      // An answer without times (an empty body from a proxy, say) still offers the default slots.
      const answer: Partial<Availability> | null = await apiGet(
        `/api/booking/availability?date=${encodeURIComponent(date)}`,
        { signal },
      );
      return {
        date: answer?.date ?? date,
        timeZone: answer?.timeZone ?? '',
        availableTimes: Array.isArray(answer?.availableTimes) ? answer.availableTimes : [...DEFAULT_TIME_SLOTS],
      };
    },
    enabled: date !== '',
    // Slots are taken by others: a date picked again a minute later asks again.
    staleTime: 30_000,
  });

/**
 * GET /api/booking/availability/month?month=yyyy-MM: the days of the month shown by the date picker that still have
 * a free slot. Only a hint for the calendar: the day's own slots are asked for when it is chosen.
 */
export const monthAvailabilityQueryOptions = (month: string) =>
  queryOptions({
    queryKey: bookingQueryKeys.month(month),
    queryFn: ({ signal }) => apiGet(`/api/booking/availability/month?month=${encodeURIComponent(month)}`, { signal }),
    enabled: month !== '',
    staleTime: 30_000,
  });

/** GET /api/booking/cancel/{token}: the booking a cancellation link points at (404 when invalid or expired). */
export const cancelBookingQueryOptions = (token: string) =>
  queryOptions({
    queryKey: bookingQueryKeys.cancel(token),
    queryFn: ({ signal }) => apiGet(`/api/booking/cancel/${encodeURIComponent(token)}`, { signal }),
  });

/** GET /api/booking/reschedule/{token}: the booking of a manage link and whether it can be moved (404 when invalid). */
export const rescheduleBookingQueryOptions = (token: string) =>
  queryOptions({
    queryKey: bookingQueryKeys.reschedule(token),
    queryFn: ({ signal }) => apiGet(`/api/booking/reschedule/${encodeURIComponent(token)}`, { signal }),
  });
