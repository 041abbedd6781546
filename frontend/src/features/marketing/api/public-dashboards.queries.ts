import { queryOptions } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api';

/** GET /api/dashboards/public: the sample dashboards anyone may see, ordered by id. */
export const publicDashboardsQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboards', 'public'],
    queryFn: getQueryFn('/api/dashboards/public'),
  });
