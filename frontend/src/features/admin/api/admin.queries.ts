import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api';

/** Every admin query starts with 'admin'; mutations invalidate by these keys. */
export const adminKeys = {
  all: ['admin'] as const,
  organizations: ['admin', 'organizations'] as const,
  dashboards: ['admin', 'dashboards'] as const,
  users: ['admin', 'users'] as const,
  links: ['admin', 'organization-dashboards'] as const,
  audit: ['admin', 'audit'] as const,
};

/** GET /api/admin/organizations */
export const adminOrganizationsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.organizations,
    queryFn: getQueryFn('/api/admin/organizations'),
  });

/** GET /api/admin/dashboards-direct (with view count and last view, D19) */
export const adminDashboardsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.dashboards,
    queryFn: getQueryFn('/api/admin/dashboards-direct'),
  });

/** GET /api/admin/users */
export const adminUsersQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.users, queryFn: getQueryFn('/api/admin/users') });

/** GET /api/admin/organization-dashboards */
export const adminLinksQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.links,
    queryFn: getQueryFn('/api/admin/organization-dashboards'),
  });

/** GET /api/admin/audit: newest first (D21). */
export const adminAuditQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.audit, queryFn: getQueryFn('/api/admin/audit') });

/** The route loader: starts the four lists of the screen (not awaited: the page shows its spinner meanwhile). */
export function prefetchAdmin(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(adminOrganizationsQueryOptions());
  void queryClient.prefetchQuery(adminDashboardsQueryOptions());
  void queryClient.prefetchQuery(adminUsersQueryOptions());
  void queryClient.prefetchQuery(adminLinksQueryOptions());
}
