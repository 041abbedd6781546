import type { ComponentProps } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { DataTable } from '../../../components/ui/table';
import type { ListPager } from '../utils/use-list-view';
import { Pager } from './pager';

/** Where a server-paged list is: its first page in or not, failed or not, asking again, and its pages. */
export interface PagedList {
  loaded: boolean;
  failed: boolean;
  fetching: boolean;
  total: number;
  pager: ListPager;
}

/**
 * A server-paged list's table and its pages (issue 18). Until the first page is in, `loadingText` with a spinner
 * (without it, the table's own status line); if it cannot be had, `failedText`. The pager's test ids start with
 * `name`; it names the rows by the table's `label` in lower case ('sign-ins') unless `rowsLabel` says otherwise.
 */
export function PagedTable<T, K extends string = never>({
  list,
  name,
  rowsLabel,
  loadingText,
  failedText,
  ...table
}: Omit<ComponentProps<typeof DataTable<T, K>>, 'loading'> & {
  list: PagedList;
  name: string;
  rowsLabel?: string;
  loadingText?: string;
  failedText: string;
}) {
  const loading = !list.loaded && !list.failed;
  if (loading && loadingText)
    return (
      <p className="flex items-center gap-2 py-10 text-sm text-slate-600 dark:text-slate-400" role="status">
        <Spinner />
        {loadingText}
      </p>
    );
  if (list.failed && !list.loaded) return <Alert variant="error">{failedText}</Alert>;
  return (
    <>
      <DataTable {...table} loading={loading} />
      <Pager
        name={name}
        label={rowsLabel ?? table.label.toLowerCase()}
        pager={list.pager}
        total={list.total}
        busy={list.fetching}
      />
    </>
  );
}
