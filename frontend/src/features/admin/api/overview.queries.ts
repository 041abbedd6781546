import { queryOptions } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api';

/** GET /api/admin/overview (issue 27): the landing page's figures, fresh at each visit. */
export const adminOverviewQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'overview'], queryFn: getQueryFn('/api/admin/overview'), staleTime: 0 });
