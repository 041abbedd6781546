import type { SitePageKey } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api';

const siteKeys = {
  caseStudies: ['site', 'case-studies'] as const,
  caseStudy: (slug: string) => ['site', 'case-studies', slug] as const,
  page: (key: SitePageKey) => ['site', 'pages', key] as const,
};

/** GET /api/case-studies: the published ones, in the order the administrators set. */
export const caseStudiesQueryOptions = () =>
  queryOptions({ queryKey: siteKeys.caseStudies, queryFn: getQueryFn('/api/case-studies') });

/** GET /api/case-studies/{slug}: its body already rendered and sanitized by the server. */
export const caseStudyQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: siteKeys.caseStudy(slug),
    queryFn: getQueryFn(`/api/case-studies/${encodeURIComponent(slug)}`),
    retry: false,
  });

/** GET /api/site-pages/{key}: a legal page's text, rendered and sanitized by the server. */
export const sitePageQueryOptions = (key: SitePageKey) =>
  queryOptions({ queryKey: siteKeys.page(key), queryFn: getQueryFn(`/api/site-pages/${key}`) });
