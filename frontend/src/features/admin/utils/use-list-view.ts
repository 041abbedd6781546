import { useState } from 'react';
import type { TableSort } from '../../../components/ui/table';
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
 * The state of a filtered, sortable list named `name` ('user'): the rows to show, the filters and a setter that takes
 * the changed ones, and the table's sort, where a click on a column header sorts by it (spec section 4). Its sort
 * buttons are `{name}-sort-{key}` for tests.
 */
export function useListView<T, F, K extends string>(name: string, items: readonly T[], view: ListView<T, F, K>) {
  const [filters, setFilters] = useState<F>(view.filters);
  const [sort, setSort] = useState<SortState<K>>(view.sort);
  const tableSort: TableSort<K> = {
    ...sort,
    onSort: (key) => setSort((current) => nextSort(current, key)),
    testId: (key) => `${name}-sort-${key}`,
  };
  return {
    name,
    rows: view.order(view.filter(items, filters), sort),
    filters,
    setFilters: (patch: Partial<F>) => setFilters((current) => ({ ...current, ...patch })),
    sort: tableSort,
  };
}
