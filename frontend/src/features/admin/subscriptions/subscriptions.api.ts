import type { SubscriptionInput } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api';
import { useAdminMutation } from '../api/admin.mutations';
import { adminKeys } from '../api/admin.queries';

/** Report subscriptions (issue 29), under the admin keys so a sign-out clears them with the rest. */
const subscriptionKeys = {
  all: ['admin', 'subscriptions'] as const,
  ofOrganization: (organizationId: number) => ['admin', 'subscriptions', 'organization', organizationId] as const,
  history: (id: number) => ['admin', 'subscriptions', id, 'history'] as const,
};

/**
 * GET /api/admin/subscriptions (`?organizationId=`: one organization's): asked again every 10 s while a run is
 * pending or exporting. Both keys sit under `subscriptionKeys.all`, so every change refreshes both.
 */
export const subscriptionsQueryOptions = (organizationId?: number) =>
  queryOptions({
    queryKey: organizationId === undefined ? subscriptionKeys.all : subscriptionKeys.ofOrganization(organizationId),
    queryFn: ({ signal }) =>
      organizationId === undefined
        ? apiGet('/api/admin/subscriptions', { signal })
        : apiGet(`/api/admin/subscriptions?organizationId=${organizationId}`, { signal }),
    refetchInterval: (query) =>
      query.state.data?.some((s) => s.lastRun?.state === 'pending' || s.lastRun?.state === 'exporting')
        ? 10_000
        : false,
  });

/** GET /api/admin/organization-dashboards: every link (the form offers the Power BI and Tableau ones with a scope). */
export const exportableLinksQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKeys.links, 'all'],
    queryFn: ({ signal }) => apiGet('/api/admin/organization-dashboards', { signal }),
  });

/** GET /api/admin/subscriptions/{id}/history */
export const subscriptionHistoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: subscriptionKeys.history(id),
    queryFn: ({ signal }) => apiGet(`/api/admin/subscriptions/${id}/history`, { signal }),
  });

/** A change of a subscription: both its lists and the audit log (D21) are asked for again. */
const useSubscriptionMutation = <V, R>(name: string, mutationFn: (variables: V) => Promise<R>) =>
  useAdminMutation(name, [subscriptionKeys.all], mutationFn);

/** POST /api/admin/subscriptions, or PUT /api/admin/subscriptions/{id} when editing one. */
export const useSaveSubscription = () =>
  useSubscriptionMutation('save-subscription', ({ id, input }: { id: number | null; input: SubscriptionInput }) =>
    id === null
      ? apiRequest('/api/admin/subscriptions', { method: 'POST', body: input })
      : apiRequest(`/api/admin/subscriptions/${id}`, { method: 'PUT', body: input }),
  );

/** DELETE /api/admin/subscriptions/{id} */
export const useDeleteSubscription = () =>
  useSubscriptionMutation('delete-subscription', (id: number) =>
    apiRequest(`/api/admin/subscriptions/${id}`, { method: 'DELETE' }),
  );

/** POST /api/admin/subscriptions/{id}/send-now: 202 with the queued run. */
export const useSendSubscriptionNow = () =>
  useSubscriptionMutation('send-subscription-now', (id: number) =>
    apiRequest(`/api/admin/subscriptions/${id}/send-now`, { method: 'POST' }),
  );
