import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { Key, ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** One column of a `DataTable`: its header, what its cell shows for a row, and the cell's class and test id. */
export interface Column<T, K extends string = never> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
  headerClassName?: string;
  'data-testid'?: string;
  /** The column sorts the rows by this key (the table's `sort` says how they are sorted now). */
  sortKey?: K;
}

/** How the rows are sorted, and what clicking a sortable header does. */
export interface TableSort<K extends string> {
  key: K;
  direction: 'asc' | 'desc';
  onSort: (key: K) => void;
  /** The sort button's test id for a column ('user-sort-email'). */
  testId: (key: K) => string;
}

/** A body row's own attributes: its class and its data attributes (test id, record id, state). */
export type RowAttributes = { className?: string } & { [data: `data-${string}`]: string | number | boolean };

/**
 * A table from its columns: the scrolling area (the window's height less the page's header at most, and never less
 * than 400 px; issue 27 lets a list use the page, spec section 9 had 400 px) with a sticky header, the
 * header row (sortable columns as buttons), one row per item, or the one empty row. The area is focusable so keyboard
 * users can scroll it, and labelled for screen readers.
 */
export function DataTable<T, K extends string = never>({
  label,
  'data-testid': testId,
  columns,
  rows,
  rowKey,
  row,
  empty,
  emptyTestId,
  sort,
  loading = false,
}: {
  label: string;
  'data-testid': string;
  columns: readonly Column<T, K>[];
  rows: readonly T[];
  rowKey: (item: T) => Key;
  row: (item: T) => RowAttributes;
  /** What the empty table says ('No users found'). */
  empty: ReactNode;
  emptyTestId: string;
  sort?: TableSort<K>;
  /** The rows are on their way (a list the server pages): no row yet, a status line instead. */
  loading?: boolean;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe).
      tabIndex={0}
      className="max-h-[max(400px,calc(100dvh-11rem))] overflow-auto rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-700"
      data-testid={testId}
    >
      <table className="w-full border-collapse text-left text-sm">
        <thead className="sticky top-0 z-10 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase shadow-[inset_0_-1px_0] shadow-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:shadow-slate-700">
          <tr>
            {columns.map((column) =>
              sort && column.sortKey !== undefined ? (
                <SortableTh key={column.header} sort={sort} sortKey={column.sortKey} className={column.headerClassName}>
                  {column.header}
                </SortableTh>
              ) : (
                <th
                  key={column.header}
                  scope="col"
                  className={cn('px-3 py-2.5 font-semibold whitespace-nowrap', column.headerClassName)}
                >
                  {column.header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody aria-busy={loading}>
          {loading ? null : rows.length === 0 ? (
            <tr>
              <td
                colSpan={columns.length}
                className="px-3 py-10 text-center text-sm text-slate-600 dark:text-slate-400"
                data-testid={emptyTestId}
              >
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((item) => {
              const { className, ...data } = row(item);
              return (
                <tr
                  key={rowKey(item)}
                  className={cn(
                    'border-t border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800/60',
                    className,
                  )}
                  {...data}
                >
                  {columns.map((column) => (
                    <td
                      key={column.header}
                      className={cn('px-3 py-2.5 align-top text-slate-800 dark:text-slate-200', column.className)}
                      data-testid={column['data-testid']}
                    >
                      {column.cell(item)}
                    </td>
                  ))}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
      {loading ? (
        <p role="status" className="px-3 py-10 text-center text-sm text-slate-600 dark:text-slate-400">
          Loading...
        </p>
      ) : null}
    </section>
  );
}

/** A column header that sorts: a button inside, `aria-sort` on the header, an arrow ▲/▼ for the direction. */
function SortableTh<K extends string>({
  children,
  sort,
  sortKey,
  className,
}: {
  children: ReactNode;
  sort: TableSort<K>;
  sortKey: K;
  className?: string | undefined;
}) {
  const active = sort.key === sortKey;
  const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cn('px-1.5 py-1 font-semibold whitespace-nowrap', className)}
    >
      <button
        type="button"
        onClick={() => sort.onSort(sortKey)}
        className="inline-flex items-center gap-1 rounded-md px-1.5 py-1.5 uppercase hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:bg-slate-700 dark:hover:text-white"
        data-testid={sort.testId(sortKey)}
      >
        {children}
        {active ? (
          <span aria-hidden="true" data-sort-arrow="">
            {sort.direction === 'asc' ? '▲' : '▼'}
          </span>
        ) : (
          <Icon aria-hidden="true" className="size-3.5 opacity-50" />
        )}
      </button>
    </th>
  );
}
