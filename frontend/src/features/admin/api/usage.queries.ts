import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import type { UsagePeriod } from '../utils/usage-period';

const search = ({ from, to, groupBy }: UsagePeriod) => new URLSearchParams({ from, to, groupBy }).toString();

/** GET /api/admin/usage (issue 18): the Usage tab's figures. The last figures stay on screen while the next load. */
export const usageQueryOptions = (period: UsagePeriod) =>
  queryOptions({
    queryKey: ['admin', 'usage', period.from, period.to, period.groupBy],
    queryFn: ({ signal }) => apiGet(`/api/admin/usage?${search(period)}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** GET /api/admin/usage.csv: the same figures as a download (the browser follows the link; the cookie goes along). */
export const usageCsvHref = (period: UsagePeriod) => `/api/admin/usage.csv?${search(period)}`;
