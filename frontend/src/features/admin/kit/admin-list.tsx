import type { ComponentProps, ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import type { RowAttributes } from '../../../components/ui/table';
import type { FilterField } from '../components/admin-panel';
import type { PagedList } from '../components/paged-table';
import { Pager, singularOf } from '../components/pager';
import { AdminTable } from './admin-table';
import { ListTop } from './list-top';

/** A server-paged list (`useListView`'s): its name, its filters and a setter, its page of rows and its pages. */
type ListView<T, F, K extends string> = PagedList<T, K> & {
  name: string;
  filters: F;
  setFilters: (patch: Partial<F>) => void;
};

type TableProps<T, K extends string> = ComponentProps<typeof AdminTable<T, K>>;

/**
 * A server-paged list (issue 18) in the administration's table (issue 27): its title with the number of rows and
 * `actions` beside it, its filters, one page of the table (named by the title unless `label` says otherwise) and the
 * pager under it. The rows, filters, sort and loading state come from `list` (`useListView`); the test ids from its
 * name and `plural` (its name and an s unless given): the table `{plural}-table`, its empty row `{plural}-empty`, each
 * row `{name}-row` with its `data-id`, the row menu `{name}-actions`.
 */
export function AdminList<T, F extends { [P in keyof F]: string }, K extends string = never>({
  list,
  title,
  filters,
  actions,
  label = title,
  plural = `${list.name}s`,
  rowKey = (item) => (item as { id: number }).id,
  row,
  ...table
}: Omit<
  TableProps<T, K>,
  'rows' | 'loading' | 'sort' | 'data-testid' | 'emptyTestId' | 'menuTestId' | 'rowKey' | 'row' | 'label'
> & {
  list: ListView<T, F, K>;
  title: string;
  filters: readonly FilterField<F>[];
  actions?: ReactNode;
  /** The table's name; the title unless given. */
  label?: string;
  /** What the rows are ('users'), for the test ids and the pager; the list's name and an s unless given. */
  plural?: string;
  /** A row's key; its `id` unless given. */
  rowKey?: TableProps<T, K>['rowKey'];
  /** More attributes of a row (a class, data attributes). */
  row?: (item: T) => RowAttributes;
}) {
  return (
    <>
      <ListTop title={title} list={list} filters={filters} actions={actions} />
      <AdminTable
        {...table}
        label={label}
        data-testid={`${plural}-table`}
        emptyTestId={`${plural}-empty`}
        menuTestId={`${list.name}-actions`}
        rows={list.rows}
        rowKey={rowKey}
        row={(item) => ({ 'data-testid': `${list.name}-row`, 'data-id': String(rowKey(item)), ...row?.(item) })}
        sort={list.sort}
        loading={!list.loaded && !list.failed}
      />
      <Pager name={list.name} label={plural} pager={list.pager} total={list.total} busy={list.fetching} />
    </>
  );
}

/**
 * A whole list read at once (not paged: case studies, connections) in the administration's table (issue 27), or
 * 'The {label} could not be loaded.' The rows are `query`'s unless given (sorted). Test ids as `AdminList`'s, from
 * `plural` and its singular: `{plural}-table`, `{plural}-empty`, each row `{singular}-row`, the menu `{singular}-actions`.
 */
export function LoadedList<T, K extends string = never>({
  query,
  plural,
  rows = query.data ?? [],
  rowKey = (item) => (item as { id: number }).id,
  row,
  ...table
}: Omit<TableProps<T, K>, 'rows' | 'loading' | 'data-testid' | 'emptyTestId' | 'menuTestId' | 'rowKey' | 'row'> & {
  query: { data?: readonly T[] | undefined; isPending: boolean; isError: boolean };
  /** What the rows are ('case-studies'), for the test ids. */
  plural: string;
  /** The rows in the order shown; `query`'s unless given. */
  rows?: readonly T[];
  /** A row's key; its `id` unless given. */
  rowKey?: TableProps<T, K>['rowKey'];
  /** More attributes of a row (data attributes). */
  row?: (item: T) => RowAttributes;
}) {
  if (query.isError) return <Alert variant="error">The {table.label.toLowerCase()} could not be loaded.</Alert>;
  const name = singularOf(plural);
  return (
    <AdminTable
      {...table}
      data-testid={`${plural}-table`}
      emptyTestId={`${plural}-empty`}
      menuTestId={`${name}-actions`}
      rows={rows}
      rowKey={rowKey}
      row={(item) => ({ 'data-testid': `${name}-row`, ...row?.(item) })}
      loading={query.isPending}
    />
  );
}
