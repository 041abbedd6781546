import type { ComponentProps } from 'react';
import { Pager } from '../components/pager';
import type { useListView } from '../utils/use-list-view';
import { AdminTable } from './admin-table';

type ListView<T> = Pick<
  ReturnType<typeof useListView<T, Record<never, string>, string>>,
  'name' | 'rows' | 'loaded' | 'failed' | 'fetching' | 'total' | 'pager'
>;

/**
 * One page of a server-paged list (issue 18) in the administration's table (issue 27), with its pager under it:
 * the rows, the sort and the loading state come from `list` (`useListView`); `plural` names the rows in the pager.
 */
export function AdminList<T, K extends string = never>({
  list,
  plural,
  ...table
}: Omit<ComponentProps<typeof AdminTable<T, K>>, 'rows' | 'loading'> & { list: ListView<T>; plural: string }) {
  return (
    <>
      <AdminTable {...table} rows={list.rows} loading={!list.loaded && !list.failed} />
      <Pager name={list.name} label={plural} pager={list.pager} total={list.total} busy={list.fetching} />
    </>
  );
}
