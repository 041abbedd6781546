import type { ClientDashboard, DashboardDetail, EmbedStarting, EmbedToken } from '@app/contracts';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, getQueryFn, isApiRequestError } from '../../../lib/api';

const organizationDashboardsQueryKey = ['dashboards', 'organization'] as const;
const dashboardDetailQueryKey = (id: string) => ['dashboards', 'detail', id] as const;

/** GET /api/dashboards/organization: the client's dashboards, most recently viewed first (D19). */
export const organizationDashboardsQueryOptions = () =>
  queryOptions({
    queryKey: organizationDashboardsQueryKey,
    queryFn: getQueryFn('/api/dashboards/organization'),
  });

/** GET /api/dashboards/organizations: the person's active organizations with their logos (the portal's header). */
export const portalOrganizationsQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboards', 'organizations'],
    queryFn: getQueryFn('/api/dashboards/organizations'),
    staleTime: 5 * 60_000,
  });

/**
 * PUT or DELETE /api/dashboards/{id}/favourite: the star changes on the card at once, goes back when the server
 * refuses, and the list is read again once the server has answered (issue 18).
 */
export function useFavouriteMutation() {
  const queryClient = useQueryClient();
  const key = organizationDashboardsQueryKey;
  return useMutation({
    mutationKey: ['dashboards', 'favourite'],
    mutationFn: ({ id, favourite }: { id: number; favourite: boolean }) =>
      apiRequest(`/api/dashboards/${id}/favourite`, { method: favourite ? 'PUT' : 'DELETE' }),
    onMutate: async ({ id, favourite }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ClientDashboard[]>(key);
      queryClient.setQueryData<ClientDashboard[]>(key, (list) =>
        list?.map((d) => (d.id === id ? { ...d, isFavourite: favourite } : d)),
      );
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/**
 * GET /api/dashboards/{id}: one dashboard for an admin, a member of a linked active organization, or anyone when it
 * is public; 404 for everyone else (D10). Reading it records nothing: the router runs it to preload a page when a
 * link is hovered (D33). The viewer records the view once it is shown (`recordDashboardView`).
 */
export const dashboardDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: dashboardDetailQueryKey(id),
    queryFn: ({ signal }) => apiGet(`/api/dashboards/${encodeURIComponent(id)}`, { signal }),
  });

/** For the route loader: the dashboard, or `null` when the API answers 404 (not found, or not the caller's). */
export async function loadDashboardDetail(queryClient: QueryClient, id: string): Promise<DashboardDetail | null> {
  try {
    return await queryClient.ensureQueryData(dashboardDetailQueryOptions(id));
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) return null;
    throw error;
  }
}

/**
 * POST /api/dashboards/{id}/views: the signed-in person was shown the dashboard, and it loaded or failed (D19, D33,
 * D37). The server counts one view per person and dashboard within 5 minutes; a failed load, or an administrator's
 * preview, is recorded apart from clients' usage. The list's "most recently viewed first" order is refreshed the
 * next time it is shown. A failure is not the person's concern: nothing is shown for it.
 */
export async function recordDashboardView(queryClient: QueryClient, id: number, loaded: boolean): Promise<void> {
  try {
    await apiRequest(`/api/dashboards/${id}/views`, { method: 'POST', body: { loaded } });
    void queryClient.invalidateQueries({ queryKey: organizationDashboardsQueryKey, refetchType: 'none' });
  } catch {}
}

/**
 * GET /api/dashboards/{id}/embed-status: whether the server could reach the frame's URL. A frame whose host refuses
 * the connection still fires 'load' in the browser, so only the server can tell (issue 12, item 3).
 */
export const embedStatusQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['dashboards', 'embed-status', id],
    queryFn: ({ signal }) => apiGet(`/api/dashboards/${id}/embed-status`, { signal }),
    staleTime: 60_000,
    retry: false,
  });

/**
 * POST /api/dashboards/{id}/embed-token (issue 14): the token of a token-mode dashboard, minted for one organization
 * (`organizationId`: the person's choice among several, an admin's preview; null lets the server choose). Checks access
 * as GET /api/dashboards/{id} does, every time: a renewal refused with 401, 403 or 404 means access has ended.
 */
export async function requestEmbedToken(
  id: number,
  organizationId: number | null,
  signal?: AbortSignal,
  onStarting?: (startedAt: number) => void,
): Promise<EmbedToken> {
  const startedAt = Date.now();
  for (;;) {
    const answer = (await apiRequest(`/api/dashboards/${id}/embed-token`, {
      method: 'POST',
      body: organizationId === null ? {} : { organizationId },
      ...(signal && { signal }),
    })) as EmbedToken | EmbedStarting;
    if (!isStarting(answer)) return answer;
    // Issue 29: the Power BI capacity is paused and being started; asked again as the server says, for a while only.
    if (Date.now() - startedAt > CAPACITY_START_LIMIT_MS) throw new CapacityStartTimeout();
    onStarting?.(startedAt);
    await pause(Math.min(60, Math.max(1, answer.retryAfterSeconds)) * 1000, signal);
  }
}

/** How long a viewer waits for a paused capacity to start before saying it could not be loaded (never endless). */
const CAPACITY_START_LIMIT_MS = 5 * 60_000;

/** The capacity did not start in time: the viewer shows 'Work in Progress' with 'Try again'. */
class CapacityStartTimeout extends Error {
  constructor() {
    super('The dashboard took too long to start');
    this.name = 'CapacityStartTimeout';
  }
}

const isStarting = (answer: unknown): answer is EmbedStarting =>
  typeof answer === 'object' && answer !== null && (answer as { status?: unknown }).status === 'starting';

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/**
 * Access to a dashboard has ended (a renewal was refused): the list and the dashboard are read again next time, so
 * neither shows it from the cache.
 */
export function forgetDashboard(queryClient: QueryClient, id: number): void {
  queryClient.removeQueries({ queryKey: dashboardDetailQueryKey(String(id)) });
  void queryClient.invalidateQueries({ queryKey: organizationDashboardsQueryKey, refetchType: 'none' });
}
