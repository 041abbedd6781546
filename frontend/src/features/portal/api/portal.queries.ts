import type { ClientDashboard, DashboardDetail } from '@app/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiGet, getQueryFn, isApiRequestError } from '../../../lib/api';

export const organizationDashboardsQueryKey = ['dashboards', 'organization'] as const;

/** GET /api/dashboards/organization: the client's dashboards, most recently viewed first (D19). */
export const organizationDashboardsQueryOptions = () =>
  queryOptions({
    queryKey: organizationDashboardsQueryKey,
    queryFn: getQueryFn<ClientDashboard[]>('/api/dashboards/organization'),
  });

/**
 * GET /api/dashboards/{id}: one dashboard for an admin, a member of a linked active organization, or anyone when it
 * is public; 404 for everyone else (D10). Each call records a view (D19).
 */
export const dashboardDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['dashboards', 'detail', id],
    queryFn: ({ signal }) => apiGet<DashboardDetail>(`/api/dashboards/${encodeURIComponent(id)}`, { signal }),
  });

/**
 * For the route loader: the dashboard, or `null` when the API answers 404 (not found, or not the caller's). Other
 * failures are thrown. A view was just recorded, so the list's "most recently viewed first" order is refreshed next
 * time it is shown.
 */
export async function loadDashboardDetail(queryClient: QueryClient, id: string): Promise<DashboardDetail | null> {
  try {
    const dashboard = await queryClient.ensureQueryData(dashboardDetailQueryOptions(id));
    void queryClient.invalidateQueries({ queryKey: organizationDashboardsQueryKey, refetchType: 'none' });
    return dashboard;
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) return null;
    throw error;
  }
}
