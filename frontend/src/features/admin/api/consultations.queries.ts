import type { ClosedDateInput } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api';
import { useAdminMutation } from './admin.mutations';

/** The Consultations tab's lists (issue 16; the list's pages are under `all`, see `useListView`), under the admin keys so a sign-out clears them with the rest. */
export const consultationKeys = {
  all: ['admin', 'consultations'] as const,
  closedDates: ['admin', 'consultations', 'closed-dates'] as const,
  feed: ['admin', 'consultations', 'calendar-feed'] as const,
};

/** GET /api/admin/closed-dates */
export const closedDatesQueryOptions = () =>
  queryOptions({
    queryKey: consultationKeys.closedDates,
    queryFn: ({ signal }) => apiGet('/api/admin/closed-dates', { signal }),
  });

/** GET /api/admin/calendar-feed: whether a feed is live. */
export const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: consultationKeys.feed,
    queryFn: ({ signal }) => apiGet('/api/admin/calendar-feed', { signal }),
  });

/** An admin change of this tab: on success, its lists and the audit log (D21) are asked for again. */
const useConsultationMutation = <V, R>(name: string, mutationFn: (variables: V) => Promise<R>) =>
  useAdminMutation(name, [consultationKeys.all], mutationFn);

/** POST /api/admin/consultations/{id}/cancel: 202 once the cancellation (and its e-mails' event) is stored. */
export const useCancelConsultation = () =>
  useConsultationMutation('cancel-consultation', (id: number) =>
    apiRequest(`/api/admin/consultations/${id}/cancel`, { method: 'POST' }),
  );

/** POST /api/admin/closed-dates */
export const useAddClosedDate = () =>
  useConsultationMutation('add-closed-date', (input: ClosedDateInput) =>
    apiRequest('/api/admin/closed-dates', { method: 'POST', body: input }),
  );

/** DELETE /api/admin/closed-dates/{date} */
export const useRemoveClosedDate = () =>
  useConsultationMutation('remove-closed-date', (date: string) =>
    apiRequest(`/api/admin/closed-dates/${encodeURIComponent(date)}`, { method: 'DELETE' }),
  );

/** POST /api/admin/calendar-feed: the new secret URL (shown once). */
export const useCreateCalendarFeed = () =>
  useConsultationMutation('create-calendar-feed', () => apiRequest('/api/admin/calendar-feed', { method: 'POST' }));

/** DELETE /api/admin/calendar-feed */
export const useRevokeCalendarFeed = () =>
  useConsultationMutation('revoke-calendar-feed', () => apiRequest('/api/admin/calendar-feed', { method: 'DELETE' }));
