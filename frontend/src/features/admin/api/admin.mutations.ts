import type {
  DashboardInput,
  DataScope,
  EditUserValues,
  EmbedConnectionInput,
  NewUserValues,
  OrganizationInput,
  SsoSettingsInput,
} from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { adminKeys } from './admin.queries';

/** The signed-in account: an admin may change their own, and the header shows it. */
const signedInUser = ['auth', 'user'] as const;

/**
 * An admin change: `mutationFn` under the key ['admin', `name`]; on success it makes stale the lists it shows up in
 * (`stale`) and always the audit log (D21). Every section's changes are made with it.
 */
export function useAdminMutation<V, R>(
  name: string,
  stale: readonly (readonly string[])[],
  mutationFn: (variables: V) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', name],
    mutationFn,
    onSuccess: () =>
      Promise.all([...stale, adminKeys.audit].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

type Link = { organizationId: number; dashboardId: number };
/** What the organization may see of a token-mode dashboard; null: not set up (issue 14). */
type Scoped = { dataScope: DataScope | null };
type Membership = { organizationId: number; userId: number };
type Save<I> = { id?: number | undefined; input: I };
/** A change to the user `id`. */
type UserChange<T> = { id: number } & T;

/**
 * The request that saves a thing of the collection at `path`: a new one is POSTed to it (201), the one `id` names is
 * PUT at `{path}/{id}` (200).
 */
export const saveTo =
  <P extends string>(path: P) =>
  <I>({ id, input }: Save<I>) =>
    id === undefined
      ? apiRequest(path, { method: 'POST', body: input })
      : apiRequest(`${path}/${id}` as `${P}/${number}`, { method: 'PUT', body: input });

// Organizations: their names show in the users' badges and the associations too.
const organizationLists = [adminKeys.organizations, adminKeys.users, adminKeys.links];

/** POST /api/admin/organizations (201) or PUT /api/admin/organizations/{id} (200). */
export const useSaveOrganization = () =>
  useAdminMutation('save-organization', organizationLists, saveTo('/api/admin/organizations')<OrganizationInput>);

/** POST /api/admin/organizations/{id}/toggle-status */
export const useToggleOrganizationStatus = () =>
  useAdminMutation('toggle-organization-status', [adminKeys.organizations, adminKeys.users], (id: number) =>
    apiRequest(`/api/admin/organizations/${id}/toggle-status`, { method: 'POST' }),
  );

// Dashboards: shown in the associations too (each link shows its dashboard's mode), and the connections count the
// dashboards that use them.
const dashboardLists = [adminKeys.dashboards, adminKeys.links, adminKeys.connections];

/** POST /api/admin/dashboards (201) or PUT /api/admin/dashboards/{id} (200). */
export const useSaveDashboard = () =>
  useAdminMutation('save-dashboard', dashboardLists, saveTo('/api/admin/dashboards')<DashboardInput>);

/** DELETE /api/admin/dashboards/{id} (204) */
export const useDeleteDashboard = () =>
  useAdminMutation('delete-dashboard', dashboardLists, (id: number) =>
    apiRequest(`/api/admin/dashboards/${id}`, { method: 'DELETE' }),
  );

// Embed connections (issue 14): their names show in the dashboard form.

/**
 * POST /api/admin/embed-connections (201) or PUT /api/admin/embed-connections/{id} (200): the saved connection (never
 * its secret) with what testing it found. An empty secret on a change keeps the stored one.
 */
export const useSaveConnection = () =>
  useAdminMutation(
    'save-connection',
    [adminKeys.connections],
    saveTo('/api/admin/embed-connections')<EmbedConnectionInput>,
  );

/** POST /api/admin/embed-connections/{id}/test: `{ ok, message }` (the provider's answer in plain words). */
export const useTestConnection = () =>
  useAdminMutation('test-connection', [adminKeys.connections], (id: number) =>
    apiRequest(`/api/admin/embed-connections/${id}/test`, { method: 'POST' }),
  );

/**
 * POST /api/admin/embed-connections/{id}/sync (issue 28): reconcile the sharing of the connection's Looker Studio
 * reports now: `{ added, removed, unexpected, errors }`. The connection's last sync and the dashboards' sharing change.
 */
export const useSyncConnection = () =>
  useAdminMutation('sync-connection', [adminKeys.connections, adminKeys.dashboards], (id: number) =>
    apiRequest(`/api/admin/embed-connections/${id}/sync`, { method: 'POST' }),
  );

/** DELETE /api/admin/embed-connections/{id} (204; 409 while dashboards use it) */
export const useDeleteConnection = () =>
  useAdminMutation('delete-connection', [adminKeys.connections], (id: number) =>
    apiRequest(`/api/admin/embed-connections/${id}`, { method: 'DELETE' }),
  );

// Users

/** POST /api/admin/users (201; 409 'A user with this email already exists') */
export const useCreateUser = () =>
  useAdminMutation('create-user', [adminKeys.users], (body: NewUserValues) =>
    apiRequest('/api/admin/users', { method: 'POST', body }),
  );

/** PUT /api/admin/users/{id} */
export const useUpdateUser = () =>
  useAdminMutation(
    'update-user',
    [adminKeys.users, signedInUser],
    ({ id, body }: UserChange<{ body: EditUserValues }>) =>
      apiRequest(`/api/admin/users/${id}`, { method: 'PUT', body }),
  );

/** POST /api/admin/users/{id}/toggle-admin ('Cannot remove own admin privileges' for oneself) */
export const useToggleUserAdmin = () =>
  useAdminMutation(
    'toggle-user-admin',
    [adminKeys.users, signedInUser],
    ({ id, isAdmin }: UserChange<{ isAdmin: boolean }>) =>
      apiRequest(`/api/admin/users/${id}/toggle-admin`, { method: 'POST', body: { isAdmin } }),
  );

/** POST /api/admin/users/{id}/toggle-status ('You cannot deactivate your own account') */
export const useToggleUserStatus = () =>
  useAdminMutation('toggle-user-status', [adminKeys.users], ({ id, isActive }: UserChange<{ isActive: boolean }>) =>
    apiRequest(`/api/admin/users/${id}/toggle-status`, { method: 'POST', body: { isActive } }),
  );

/** DELETE /api/admin/users/{id} (204; 'You cannot delete your own account') */
export const useDeleteUser = () =>
  useAdminMutation('delete-user', [adminKeys.users], (id: number) =>
    apiRequest(`/api/admin/users/${id}`, { method: 'DELETE' }),
  );

/** POST /api/admin/send-registration-email or /api/admin/send-password-reset (202: queued, D22) */
export function useSendAdminEmail(kind: 'registration' | 'password-reset') {
  const path = kind === 'registration' ? '/api/admin/send-registration-email' : '/api/admin/send-password-reset';
  return useAdminMutation(`send-${kind}`, [], (email: string) => apiRequest(path, { method: 'POST', body: { email } }));
}

// Associations

/**
 * POST /api/admin/organization-dashboards (201; 409 'This dashboard is already linked to this organization'), with the
 * data scope of a token-mode dashboard (none for a url one).
 */
export const useLinkDashboard = () =>
  useAdminMutation('link-dashboard', [adminKeys.links], (body: Link & Partial<Scoped>) =>
    apiRequest('/api/admin/organization-dashboards', { method: 'POST', body }),
  );

/** PUT /api/admin/organization-dashboards/{organizationId}/{dashboardId} { dataScope } (422 for a scope of another shape) */
export const useChangeLinkScope = () =>
  useAdminMutation(
    'change-link-scope',
    [adminKeys.links],
    ({ organizationId, dashboardId, dataScope }: Link & Scoped) =>
      apiRequest(`/api/admin/organization-dashboards/${organizationId}/${dashboardId}`, {
        method: 'PUT',
        body: { dataScope },
      }),
  );

/** POST /api/admin/organization-users (201 { message }) */
export const useAddOrganizationUser = () =>
  useAdminMutation(
    'add-organization-user',
    [adminKeys.users, adminKeys.organizations],
    (body: Membership & { role: string }) => apiRequest('/api/admin/organization-users', { method: 'POST', body }),
  );

/** DELETE /api/admin/organization-dashboards/{organizationId}/{dashboardId} (204; 404 when there is no such link) */
export const useUnlinkDashboard = () =>
  useAdminMutation('unlink-dashboard', [adminKeys.links], ({ organizationId, dashboardId }: Link) =>
    apiRequest(`/api/admin/organization-dashboards/${organizationId}/${dashboardId}`, { method: 'DELETE' }),
  );

/** DELETE /api/admin/organization-users/{organizationId}/{userId} (204; 404 when they are not a member) */
export const useRemoveOrganizationUser = () =>
  useAdminMutation(
    'remove-organization-user',
    [adminKeys.users, adminKeys.organizations, signedInUser],
    ({ organizationId, userId }: Membership) =>
      apiRequest(`/api/admin/organization-users/${organizationId}/${userId}`, { method: 'DELETE' }),
  );

/** PUT /api/admin/organization-users/{organizationId}/{userId} { role } (issue 27; 404 when they are not a member) */
export const useChangeMemberRole = () =>
  useAdminMutation(
    'change-member-role',
    [adminKeys.organizations],
    ({ organizationId, userId, role }: Membership & { role: string }) =>
      apiRequest(`/api/admin/organization-users/${organizationId}/${userId}`, { method: 'PUT', body: { role } }),
  );

/** PUT /api/admin/organizations/{id}/sso (issue 17): the client secret only when typed (empty keeps the stored one). */
export const useSaveSso = () =>
  useAdminMutation('save-sso', [adminKeys.organizations], ({ id, input }: { id: number; input: SsoSettingsInput }) =>
    apiRequest(`/api/admin/organizations/${id}/sso`, { method: 'PUT', body: input }),
  );

/** POST /api/admin/organizations/{id}/sso/test: the provider's discovery document, checked. */
export const useTestSso = () =>
  useMutation({
    mutationKey: ['admin', 'test-sso'],
    mutationFn: (id: number) => apiRequest(`/api/admin/organizations/${id}/sso/test`, { method: 'POST' }),
  });

/** DELETE /api/admin/organizations/{id}/sso */
export const useRemoveSso = () =>
  useAdminMutation('remove-sso', [adminKeys.organizations], (id: number) =>
    apiRequest(`/api/admin/organizations/${id}/sso`, { method: 'DELETE' }),
  );
