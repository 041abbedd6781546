import type { ComponentProps } from 'react';
import { type Column, DataTable } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { type RowAction, RowActions } from './row-actions';

/** A row's actions menu: what the row is called (the trigger's name) and its entries. */
export interface RowMenu {
  target: string;
  actions: readonly RowAction[];
}

/**
 * The administration's list table (issue 27): the full width of the section, the app's sortable `DataTable`, and, as
 * its last column, each row's actions in a menu. That column sticks to the right edge, so on a phone a row's main
 * action is at hand without scrolling sideways.
 */
export function AdminTable<T, K extends string = never>({
  columns,
  menu,
  menuTestId,
  ...table
}: ComponentProps<typeof DataTable<T, K>> & {
  /** The row's actions menu; none for a row without actions. */
  menu: (row: T) => RowMenu | null;
  /** The menu trigger's test id (`dashboard-actions`); its menu's is `{id}-menu`. */
  menuTestId: string;
}) {
  const actionsColumn: Column<T, K> = {
    header: 'Actions',
    headerClassName: 'sticky right-0 bg-slate-50 text-right dark:bg-slate-800',
    // Its own background hides what scrolls under it; in a row dimmed as inactive (`data-active` false), that
    // background and its trigger are dimmed like the rest of the row, in both themes.
    className: cn(
      'sticky right-0 w-px bg-white py-1.5 text-right shadow-[inset_1px_0] shadow-slate-100 dark:bg-slate-900 dark:shadow-slate-800',
      'in-data-[active=false]:bg-slate-50 dark:in-data-[active=false]:bg-slate-950',
      'in-data-[active=false]:[&>button]:text-slate-500 dark:in-data-[active=false]:[&>button]:text-slate-400',
    ),
    cell: (row) => {
      const rowMenu = menu(row);
      return rowMenu ? <RowActions target={rowMenu.target} actions={rowMenu.actions} data-testid={menuTestId} /> : null;
    },
  };
  return <DataTable {...table} columns={[...columns, actionsColumn]} />;
}
