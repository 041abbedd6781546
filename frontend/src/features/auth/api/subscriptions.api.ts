import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api';

/** A member's report subscriptions (issue 29): the unsubscribe page and the account page. */
const mySubscriptionsKey = ['account', 'subscriptions'] as const;

/** What the unsubscribe link's page names: a POST with the token (it changes nothing). */
export const unsubscribePreviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['unsubscribe', token],
    queryFn: () => apiRequest('/api/subscriptions/unsubscribe/preview', { method: 'POST', body: { token } }),
    retry: false,
  });

/** The page's button: the only way the link unsubscribes (a mail scanner presses no button). */
export const useUnsubscribe = () =>
  useMutation({
    mutationFn: (token: string) => apiRequest('/api/subscriptions/unsubscribe', { method: 'POST', body: { token } }),
  });

/** GET /api/account/subscriptions */
export const mySubscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: mySubscriptionsKey,
    queryFn: ({ signal }) => apiGet('/api/account/subscriptions', { signal }),
  });

/** PUT /api/account/subscriptions/{id} */
export const useChangeMySubscription = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, subscribed }: { id: number; subscribed: boolean }) =>
      apiRequest(`/api/account/subscriptions/${id}`, { method: 'PUT', body: { subscribed } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mySubscriptionsKey }),
  });
};
