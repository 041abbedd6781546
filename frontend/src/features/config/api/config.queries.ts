import { queryOptions } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api';

/** GET /api/config: runtime settings (D17), so one build serves every environment. */
export const configQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: getQueryFn('/api/config'),
    // They only change with a deploy, which reloads the page anyway.
    staleTime: Number.POSITIVE_INFINITY,
  });
