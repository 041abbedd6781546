import type {
  Capacity,
  CapacityInput,
  PowerBiImportable,
  PowerBiImportInput,
  PowerBiImportResult,
} from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api';
import { adminKeys } from './admin.queries';

/** Issue 29: a Power BI connection's capacity, and importing its workspaces' reports. */

const capacityKey = (connectionId: number) => ['admin', 'capacity', connectionId] as const;

/** GET /api/admin/embed-connections/{id}/capacity */
export const capacityQueryOptions = (connectionId: number) =>
  queryOptions({
    queryKey: capacityKey(connectionId),
    queryFn: () =>
      apiGet(`/api/admin/embed-connections/${connectionId}/capacity`) as unknown as Promise<{
        capacity: Capacity | null;
      }>,
  });

/** PUT (settings) or DELETE (none) of the connection's capacity. */
export function useSaveCapacity(connectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'capacity', connectionId],
    mutationFn: (input: CapacityInput | null) =>
      input === null
        ? apiRequest(`/api/admin/embed-connections/${connectionId}/capacity`, { method: 'DELETE' })
        : apiRequest(`/api/admin/embed-connections/${connectionId}/capacity`, { method: 'PUT', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: capacityKey(connectionId) }),
  });
}

/** GET .../powerbi-reports: asked when the import dialog opens, never cached (a report may have gone since). */
export const importableQueryOptions = (connectionId: number) =>
  queryOptions({
    queryKey: ['admin', 'powerbi-reports', connectionId],
    queryFn: () =>
      apiGet(`/api/admin/embed-connections/${connectionId}/powerbi-reports`) as unknown as Promise<PowerBiImportable>,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** POST .../import: the dashboards and connections lists are stale afterwards. */
export function useImportReports(connectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'import-reports', connectionId],
    mutationFn: (input: PowerBiImportInput) =>
      apiRequest(`/api/admin/embed-connections/${connectionId}/import`, {
        method: 'POST',
        body: input,
      }) as unknown as Promise<PowerBiImportResult>,
    onSuccess: () =>
      Promise.all(
        [adminKeys.dashboards, adminKeys.connections, adminKeys.audit].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
