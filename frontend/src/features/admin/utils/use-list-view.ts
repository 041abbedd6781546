import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { TableSort } from '../../../components/ui/table';
import type { AdminListSearch } from '../../../lib/admin-list-search';
import { apiGetPage } from '../../../lib/api';
import { ALL, nextSort, type SortState } from './admin-lists';

/** The page size a list starts with, and the choices of its pager. */
const DEFAULT_PAGE_SIZE = 25;
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** How long typing may pause before the URL (and the server's page) follows the filters. */
const TYPING_PAUSE_MS = 300;

type FilterKey = Exclude<keyof AdminListSearch, 'page' | 'pageSize' | 'sort' | 'order'>;

/** A list the server pages (issue 18): where it is read from, its empty filters and its first sort. */
export interface ServerListView<F extends Partial<Record<FilterKey, string>>, K extends string> {
  /** The API path ('/api/admin/users') and the query key its mutations invalidate (`adminKeys.users`). */
  path: string;
  queryKey: readonly string[];
  filters: F;
  sort: SortState<NoInfer<K>>;
  sortKeys: readonly K[];
}

const routeApi = getRouteApi('/_admin/admin');

/** The filters that narrow the list: neither empty nor 'all'. */
const activeFilters = (filters: Record<string, string>) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim() !== '' && value !== ALL));

/**
 * The state of a list named `name` ('user') that the server filters, sorts and pages, kept in the URL's search
 * (`page`, `pageSize`, `sort`, `order` and the filters), so a view can be shared and survives a reload. Returns the
 * page's rows, the filters and a setter that takes the changed ones (typing reaches the URL after a pause), the
 * table's sort (a header click sorts by its column, spec section 4; buttons `{name}-sort-{key}`), and the pager.
 */
export function useListView<T, F extends Partial<Record<FilterKey, string>>, K extends string>(
  name: string,
  view: ServerListView<F, K>,
) {
  const search = routeApi.useSearch();
  // The section's own page, not the layout's /admin: the list stays where it is, its search changes.
  const navigate = useNavigate();

  const fromUrl = Object.fromEntries(
    Object.entries(view.filters).map(([key, empty]) => [key, search[key as FilterKey] ?? empty]),
  ) as F;
  const urlFilters = JSON.stringify(fromUrl);
  // What the filter bar shows: the URL's filters, and what is being typed until it reaches the URL.
  const [draft, setDraft] = useState<F>(fromUrl);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Back, forward, a shared link: the bar follows the URL.
  // biome-ignore lint/correctness/useExhaustiveDependencies: urlFilters is fromUrl's content.
  useEffect(() => setDraft(fromUrl), [urlFilters]);
  useEffect(() => () => clearTimeout(pending.current), []);

  const sort: SortState<K> =
    search.sort !== undefined && (view.sortKeys as readonly string[]).includes(search.sort)
      ? { key: search.sort as K, direction: search.order ?? 'asc' }
      : view.sort;
  const page = search.page ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;

  // What a filter starts with leaves the URL (so does 'all' of one that starts empty); 'all' of a filter that starts
  // with a choice (consultations: upcoming) stays, or the reload would show the start again.
  const isDefault = (key: string, value: string | undefined) => {
    const start = (view.filters as Record<string, string | undefined>)[key];
    return value === '' || value === start || (value === ALL && (start === '' || start === undefined));
  };

  const go = (patch: Partial<AdminListSearch>, replace = false) =>
    void navigate({ to: '.', search: (current: AdminListSearch) => ({ ...current, ...patch }), replace });

  const params = new URLSearchParams({
    page: String(page),
    pageSize: String(pageSize),
    // An empty key is the server's own order (organizations: active first).
    ...(sort.key === '' ? {} : { sort: sort.key, order: sort.direction }),
    ...activeFilters(fromUrl as Record<string, string>),
  });
  const query = useQuery({
    queryKey: [...view.queryKey, 'page', params.toString()],
    queryFn: ({ signal }) => apiGetPage<T>(`${view.path}?${params}`, signal),
    placeholderData: keepPreviousData,
  });
  const total = query.data?.total ?? 0;

  const tableSort: TableSort<K> = {
    ...sort,
    onSort: (key) => {
      const next = nextSort(sort, key);
      go({ sort: next.key, order: next.direction, page: 1 });
    },
    testId: (key) => `${name}-sort-${key}`,
  };

  return {
    name,
    rows: query.data?.rows ?? [],
    /** The page's rows have come at least once (later pages keep the last ones while they load). */
    loaded: query.data !== undefined,
    failed: query.isError,
    fetching: query.isFetching,
    refetch: () => void query.refetch(),
    total,
    filters: draft,
    setFilters: (patch: Partial<F>) => {
      const next = { ...draft, ...patch };
      setDraft(next);
      clearTimeout(pending.current);
      const toUrl = () => {
        const values = Object.fromEntries(
          Object.entries(next).map(([key, value]) => [key, isDefault(key, value) ? undefined : value]),
        );
        // Typing replaces the entry: back goes to the view before the filter, not through every letter.
        go({ ...values, page: 1 }, true);
      };
      pending.current = setTimeout(toUrl, TYPING_PAUSE_MS);
    },
    sort: tableSort,
    pager: {
      page,
      pageSize,
      pages: Math.max(1, Math.ceil(total / pageSize)),
      setPage: (next: number) => go({ page: next }),
      setPageSize: (next: number) => go({ pageSize: next, page: 1 }),
    },
  };
}

export type ListPager = ReturnType<typeof useListView>['pager'];
