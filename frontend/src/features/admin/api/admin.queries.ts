import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiGet, getQueryFn, isApiRequestError } from '../../../lib/api';

/** Every admin query starts with 'admin'; mutations invalidate by these keys. */
export const adminKeys = {
  all: ['admin'] as const,
  organizations: ['admin', 'organizations'] as const,
  dashboards: ['admin', 'dashboards'] as const,
  users: ['admin', 'users'] as const,
  links: ['admin', 'organization-dashboards'] as const,
  connections: ['admin', 'embed-connections'] as const,
  audit: ['admin', 'audit'] as const,
};

/** The options of one admin list: GET `path`, cached under `queryKey`. */
const adminList = <P extends string>(queryKey: readonly string[], path: P) =>
  queryOptions({ queryKey, queryFn: getQueryFn(path) });

/** GET /api/admin/organizations */
export const adminOrganizationsQueryOptions = () => adminList(adminKeys.organizations, '/api/admin/organizations');

/** GET /api/admin/dashboards-direct (with view count and last view, D19) */
export const adminDashboardsQueryOptions = () => adminList(adminKeys.dashboards, '/api/admin/dashboards-direct');

/** GET /api/admin/users */
export const adminUsersQueryOptions = () => adminList(adminKeys.users, '/api/admin/users');

/** GET /api/admin/embed-connections: never their secrets (issue 14). */
export const adminConnectionsQueryOptions = () => adminList(adminKeys.connections, '/api/admin/embed-connections');

/**
 * GET /api/admin/embed-connections/{id}/assets?q= (issue 28): the Looker Studio reports the connection's user can
 * see whose title has `q` (all of them when empty).
 */
export const lookerStudioAssetsQueryOptions = (connectionId: number, q: string) =>
  queryOptions({
    queryKey: [...adminKeys.connections, connectionId, 'assets', q],
    queryFn: ({ signal }) =>
      apiGet(`/api/admin/embed-connections/${connectionId}/assets?q=${encodeURIComponent(q)}`, { signal }),
    staleTime: 60_000,
  });

/**
 * The route loader: starts the two lists the screen's forms choose from (not awaited: the page shows its spinner
 * meanwhile), and the connections, which only the Connections tab and the dashboard form wait for. The users and
 * the associations come a page at a time, when their tab opens (issue 18).
 */
export function prefetchAdmin(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(adminOrganizationsQueryOptions());
  void queryClient.prefetchQuery(adminDashboardsQueryOptions());
  void queryClient.prefetchQuery(adminConnectionsQueryOptions());
}

/** GET /api/admin/organizations/{id}/sso: the organization's single sign-on (never its secret); null when none. */
export const adminSsoQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: [...adminKeys.organizations, organizationId, 'sso'],
    queryFn: async ({ signal }) => {
      try {
        return await apiGet(`/api/admin/organizations/${organizationId}/sso`, { signal });
      } catch (error) {
        if (isApiRequestError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });

/** GET /api/admin/organizations/{id} (issue 27): the organization, its members with roles, its last 30 days' views. */
export const organizationDetailQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: [...adminKeys.organizations, organizationId, 'page'],
    queryFn: ({ signal }) => apiGet(`/api/admin/organizations/${organizationId}`, { signal }),
  });
