import type { CaseStudyInput, SitePageKey } from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, getQueryFn } from '../../../lib/api';
import { saveTo, useAdminMutation } from './admin.mutations';
import { adminKeys } from './admin.queries';

/** The site's words (issue 18): case studies and legal pages; and the personal-data requests. */
const keys = {
  caseStudies: ['admin', 'case-studies'] as const,
  sitePages: ['admin', 'site-pages'] as const,
  /** What the public pages read: changed by these mutations. */
  site: ['site'] as const,
};

/** GET /api/admin/case-studies */
export const adminCaseStudiesQueryOptions = () =>
  queryOptions({ queryKey: keys.caseStudies, queryFn: getQueryFn('/api/admin/case-studies') });

/** GET /api/admin/site-pages */
export const adminSitePagesQueryOptions = () =>
  queryOptions({ queryKey: keys.sitePages, queryFn: getQueryFn('/api/admin/site-pages') });

/** A change of the site's content: its list, the public site's pages and the audit log are asked for again. */
const useSiteMutation = <V, R>(name: string, stale: readonly string[], mutationFn: (variables: V) => Promise<R>) =>
  useAdminMutation(name, [stale, keys.site], mutationFn);

/** POST a new case study, or PUT the one `id` names. */
export const useSaveCaseStudy = () =>
  useSiteMutation('save-case-study', keys.caseStudies, saveTo('/api/admin/case-studies')<CaseStudyInput>);

export const useDeleteCaseStudy = () =>
  useSiteMutation('delete-case-study', keys.caseStudies, (id: number) =>
    apiRequest(`/api/admin/case-studies/${id}`, { method: 'DELETE' }),
  );

export const useSaveSitePage = () =>
  useSiteMutation('save-site-page', keys.sitePages, ({ key, markdown }: { key: SitePageKey; markdown: string }) =>
    apiRequest(`/api/admin/site-pages/${key}`, { method: 'PUT', body: { markdown } }),
  );

/** GET /api/admin/personal-data?email=: read when asked for, never cached (someone's personal data). */
export const exportPersonalData = (email: string) =>
  apiGet(`/api/admin/personal-data?email=${encodeURIComponent(email)}`);

export const useErasePersonalData = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => apiRequest('/api/admin/personal-data/erase', { method: 'POST', body: { email } }),
    // An erase may remove users, their memberships and audit names from every list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
};
