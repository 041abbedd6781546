import type { Lead, LeadChange, LeadConvert, User } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiGetPage, apiRequest } from '../../../lib/api';
import { useAdminMutation } from '../api/admin.mutations';
import { adminKeys } from '../api/admin.queries';

/** The leads (issue 27), under the admin keys so a sign-out clears them with the rest. */
const leadKeys = {
  all: ['admin', 'leads'] as const,
  one: (id: number) => ['admin', 'leads', 'one', id] as const,
  owners: ['admin', 'leads', 'owners'] as const,
};

/** One page of the leads list, its total from `X-Total-Count` (the query string as the route's search made it). */
export const useLeadPage = (query: string) =>
  useQuery({
    queryKey: [...leadKeys.all, 'page', query],
    queryFn: ({ signal }) => apiGetPage<Lead>(`/api/admin/leads?${query}`, signal),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/leads/{id}: the lead with its messages and bookings in the order they arrived. */
export const leadQueryOptions = (id: number) =>
  queryOptions({ queryKey: leadKeys.one(id), queryFn: ({ signal }) => apiGet(`/api/admin/leads/${id}`, { signal }) });

/** The active administrators a lead can be given to (at most 100: a consultancy has a handful). */
export const useLeadOwners = () =>
  useQuery({
    queryKey: leadKeys.owners,
    queryFn: async ({ signal }) =>
      (await apiGetPage<User>('/api/admin/users?userType=admin&status=active&sort=email&page=1&pageSize=100', signal))
        .rows,
    staleTime: 60_000,
  });

/** PATCH /api/admin/leads/{id}: status, notes, owner. */
export const useChangeLead = () =>
  useAdminMutation('change-lead', [leadKeys.all], ({ id, change }: { id: number; change: LeadChange }) =>
    apiRequest(`/api/admin/leads/${id}`, { method: 'PATCH', body: change }),
  );

/** POST /api/admin/leads/{id}/convert: the organization, the person invited or linked, the dashboards linked. */
export const useConvertLead = () =>
  useAdminMutation(
    'convert-lead',
    [leadKeys.all, adminKeys.organizations, adminKeys.users, adminKeys.links],
    ({ id, convert }: { id: number; convert: LeadConvert }) =>
      apiRequest(`/api/admin/leads/${id}/convert`, { method: 'POST', body: convert }),
  );
