import type { ComponentProps } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { DataTable, type TableSort } from '../../../components/ui/table';
import type { ListPager } from '../utils/use-list-view';
import { Pager } from './pager';

/** A server-paged list (`useListView`'s): its rows and sort, its first page in or not, failed or not, its pages. */
export interface PagedList<T, K extends string> {
  rows: readonly T[];
  sort: TableSort<K>;
  loaded: boolean;
  failed: boolean;
  fetching: boolean;
  total: number;
  pager: ListPager;
}

/**
 * A server-paged list's table and its pages (issue 18), its rows keyed by their ids. Until the first page is in, a
 * status line 'Loading {label}...' (with `statusLine`; else the table's own); if it cannot be had, 'The {label} could
 * not be loaded.' Test ids start with `name`: `{name}-table`, `{name}-empty`, the pager's. The pager names the rows by
 * the table's `label` in lower case ('sign-ins') unless `rowsLabel` says otherwise ('entries').
 */
export function PagedTable<T extends { id: number }, K extends string = never>({
  list,
  name,
  rowsLabel,
  statusLine = false,
  ...table
}: Omit<
  ComponentProps<typeof DataTable<T, K>>,
  'loading' | 'rows' | 'sort' | 'rowKey' | 'data-testid' | 'emptyTestId'
> & {
  list: PagedList<T, K>;
  name: string;
  rowsLabel?: string;
  statusLine?: boolean;
}) {
  const loading = !list.loaded && !list.failed;
  const what = table.label.toLowerCase();
  if (loading && statusLine)
    return (
      <p className="flex items-center gap-2 py-10 text-sm text-slate-600 dark:text-slate-400" role="status">
        <Spinner />
        Loading {what}...
      </p>
    );
  if (list.failed && !list.loaded) return <Alert variant="error">The {what} could not be loaded.</Alert>;
  return (
    <>
      <DataTable
        {...table}
        data-testid={`${name}-table`}
        emptyTestId={`${name}-empty`}
        rows={list.rows}
        rowKey={(row) => row.id}
        sort={list.sort}
        loading={loading}
      />
      <Pager name={name} label={rowsLabel ?? what} pager={list.pager} total={list.total} busy={list.fetching} />
    </>
  );
}
