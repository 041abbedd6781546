import { LEAD_STATUSES } from '@app/contracts/url-choices';
import { keptSearch, searchChoice, searchText, searchWholeNumber } from '../../../lib/admin-list-search';

/**
 * The leads screen's view as the URL keeps it (issue 27, like the other lists, decision 038):
 * `/admin/leads?q=acme&status=new&page=2&sort=name&order=asc&lead=12`, `lead` being the one open beside the list. A
 * value the URL cannot mean is dropped (the default shows), never an error; the server checks them again.
 */
const LEAD_SORT_KEYS = ['lastActivityAt', 'name', 'businessName', 'status', 'createdAt'] as const;
export type LeadSortKey = (typeof LEAD_SORT_KEYS)[number];

const LEAD_SEARCH_CHECKS = {
  q: searchText,
  status: searchChoice(LEAD_STATUSES),
  page: searchWholeNumber(1_000_000),
  pageSize: searchChoice([10, 25, 50, 100]),
  sort: searchChoice(LEAD_SORT_KEYS),
  order: searchChoice(['asc', 'desc']),
  lead: searchWholeNumber(2_147_483_647),
};
export type LeadSearch = ReturnType<typeof parseLeadSearch>;

/** The leads view of a URL's search, its unknown and unusable parts dropped. */
export const parseLeadSearch = (search: Record<string, unknown>) => {
  const pageSize = typeof search.pageSize === 'string' ? Number(search.pageSize) : search.pageSize;
  return keptSearch(LEAD_SEARCH_CHECKS, { ...search, pageSize });
};

/** The API's query of the list for this view. */
export function leadListQuery(search: LeadSearch): string {
  const params = new URLSearchParams({ page: String(search.page ?? 1), pageSize: String(search.pageSize ?? 25) });
  if (search.sort) params.set('sort', search.sort);
  if (search.sort) params.set('order', search.order ?? 'asc');
  if (search.q?.trim()) params.set('q', search.q.trim());
  if (search.status) params.set('status', search.status);
  return params.toString();
}
