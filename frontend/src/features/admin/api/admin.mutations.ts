import type { DashboardInput, EditUserValues, NewUserValues, OrganizationInput } from '@app/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { adminKeys } from './admin.queries';

/** What a change makes stale: the lists it shows up in, and always the audit log (D21). */
const invalidate = (queryClient: QueryClient, ...keys: (readonly string[])[]) =>
  Promise.all([...keys, adminKeys.audit].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

// Organizations: their names show in the users' badges and the associations too.

/** POST /api/admin/organizations (201) or PUT /api/admin/organizations/{id} (200). */
export function useSaveOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'save-organization'],
    mutationFn: ({ id, input }: { id?: number | undefined; input: OrganizationInput }) =>
      apiRequest(id === undefined ? '/api/admin/organizations' : `/api/admin/organizations/${id}`, {
        method: id === undefined ? 'POST' : 'PUT',
        body: input,
      }),
    onSuccess: () => invalidate(queryClient, adminKeys.organizations, adminKeys.users, adminKeys.links),
  });
}

/** POST /api/admin/organizations/{id}/toggle-status */
export function useToggleOrganizationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'toggle-organization-status'],
    mutationFn: (id: number) => apiRequest(`/api/admin/organizations/${id}/toggle-status`, { method: 'POST' }),
    onSuccess: () => invalidate(queryClient, adminKeys.organizations, adminKeys.users),
  });
}

// Dashboards: shown in the associations too.

/** POST /api/admin/dashboards (201) or PUT /api/admin/dashboards/{id} (200). */
export function useSaveDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'save-dashboard'],
    mutationFn: ({ id, input }: { id?: number | undefined; input: DashboardInput }) =>
      apiRequest(id === undefined ? '/api/admin/dashboards' : `/api/admin/dashboards/${id}`, {
        method: id === undefined ? 'POST' : 'PUT',
        body: input,
      }),
    onSuccess: () => invalidate(queryClient, adminKeys.dashboards, adminKeys.links),
  });
}

/** DELETE /api/admin/dashboards/{id} (204) */
export function useDeleteDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'delete-dashboard'],
    mutationFn: (id: number) => apiRequest(`/api/admin/dashboards/${id}`, { method: 'DELETE' }),
    onSuccess: () => invalidate(queryClient, adminKeys.dashboards, adminKeys.links),
  });
}

// Users

/** The signed-in admin may have changed their own account: the header shows it. */
const invalidateUsers = (queryClient: QueryClient) =>
  Promise.all([
    invalidate(queryClient, adminKeys.users),
    queryClient.invalidateQueries({ queryKey: ['auth', 'user'] }),
  ]);

/** POST /api/admin/users (201; 409 'A user with this email already exists') */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'create-user'],
    mutationFn: (body: NewUserValues) => apiRequest('/api/admin/users', { method: 'POST', body }),
    onSuccess: () => invalidate(queryClient, adminKeys.users),
  });
}

/** PUT /api/admin/users/{id} */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'update-user'],
    mutationFn: ({ id, body }: { id: number; body: EditUserValues }) =>
      apiRequest(`/api/admin/users/${id}`, { method: 'PUT', body }),
    onSuccess: () => invalidateUsers(queryClient),
  });
}

/** POST /api/admin/users/{id}/toggle-admin ('Cannot remove own admin privileges' for oneself) */
export function useToggleUserAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'toggle-user-admin'],
    mutationFn: ({ id, isAdmin }: { id: number; isAdmin: boolean }) =>
      apiRequest(`/api/admin/users/${id}/toggle-admin`, { method: 'POST', body: { isAdmin } }),
    onSuccess: () => invalidateUsers(queryClient),
  });
}

/** POST /api/admin/users/{id}/toggle-status ('You cannot deactivate your own account') */
export function useToggleUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'toggle-user-status'],
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) =>
      apiRequest(`/api/admin/users/${id}/toggle-status`, { method: 'POST', body: { isActive } }),
    onSuccess: () => invalidate(queryClient, adminKeys.users),
  });
}

/** DELETE /api/admin/users/{id} (204; 'You cannot delete your own account') */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'delete-user'],
    mutationFn: (id: number) => apiRequest(`/api/admin/users/${id}`, { method: 'DELETE' }),
    onSuccess: () => invalidate(queryClient, adminKeys.users),
  });
}

/** POST /api/admin/send-registration-email or /api/admin/send-password-reset (202: queued, D22) */
export function useSendAdminEmail(kind: 'registration' | 'password-reset') {
  const queryClient = useQueryClient();
  const path = kind === 'registration' ? '/api/admin/send-registration-email' : '/api/admin/send-password-reset';
  return useMutation({
    mutationKey: ['admin', `send-${kind}`],
    mutationFn: (email: string) => apiRequest(path, { method: 'POST', body: { email } }),
    onSuccess: () => invalidate(queryClient),
  });
}

// Associations

/** POST /api/admin/organization-dashboards (201; 409 'This dashboard is already linked to this organization') */
export function useLinkDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'link-dashboard'],
    mutationFn: (body: { organizationId: number; dashboardId: number }) =>
      apiRequest('/api/admin/organization-dashboards', { method: 'POST', body }),
    onSuccess: () => invalidate(queryClient, adminKeys.links),
  });
}

/** POST /api/admin/organization-users (201 { message }) */
export function useAddOrganizationUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'add-organization-user'],
    mutationFn: (body: { organizationId: number; userId: number; role: string }) =>
      apiRequest('/api/admin/organization-users', { method: 'POST', body }),
    onSuccess: () => invalidate(queryClient, adminKeys.users),
  });
}

/** DELETE /api/admin/organization-dashboards/{organizationId}/{dashboardId} (204; 404 when there is no such link) */
export function useUnlinkDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'unlink-dashboard'],
    mutationFn: ({ organizationId, dashboardId }: { organizationId: number; dashboardId: number }) =>
      apiRequest(`/api/admin/organization-dashboards/${organizationId}/${dashboardId}`, { method: 'DELETE' }),
    onSuccess: () => invalidate(queryClient, adminKeys.links),
  });
}

/** DELETE /api/admin/organization-users/{organizationId}/{userId} (204; 404 when they are not a member) */
export function useRemoveOrganizationUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'remove-organization-user'],
    mutationFn: ({ organizationId, userId }: { organizationId: number; userId: number }) =>
      apiRequest(`/api/admin/organization-users/${organizationId}/${userId}`, { method: 'DELETE' }),
    onSuccess: () => invalidateUsers(queryClient),
  });
}
