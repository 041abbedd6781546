import { useState } from 'react';
import { nextSort, type SortState } from './admin-lists';

/** How a list is filtered and sorted: its empty filters and first sort, and the pure functions that apply them. */
export interface ListView<T, F, K extends string> {
  filters: F;
  /** Not where K is read from: `order` says which keys the list sorts by. */
  sort: SortState<NoInfer<K>>;
  filter: (items: readonly T[], filters: F) => T[];
  order: (items: readonly T[], sort: SortState<K>) => T[];
}

/**
 * The state of a filtered, sortable list: the rows to show, the filters and a setter that takes the changed ones,
 * and the sort with what a click on a column header does (spec section 4).
 */
export function useListView<T, F, K extends string>(items: readonly T[], view: ListView<T, F, K>) {
  const [filters, setFilters] = useState<F>(view.filters);
  const [sort, setSort] = useState<SortState<K>>(view.sort);
  return {
    rows: view.order(view.filter(items, filters), sort),
    filters,
    setFilters: (patch: Partial<F>) => setFilters((current) => ({ ...current, ...patch })),
    sort,
    sortBy: (key: K) => setSort((current) => nextSort(current, key)),
  };
}
