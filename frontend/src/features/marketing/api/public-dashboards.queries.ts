import { queryOptions } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api';

/** A public sample dashboard as GET /api/dashboards/public lists it (spec section 3). */
export interface PublicDashboard {
  id: number;
  name: string;
  category: string;
  type: string;
}

/** GET /api/dashboards/public: the sample dashboards anyone may see, ordered by id. */
export const publicDashboardsQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboards', 'public'],
    queryFn: getQueryFn<PublicDashboard[]>('/api/dashboards/public'),
  });
