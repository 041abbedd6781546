import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/**
 * A table in a scrolling area (400 px high at most, spec section 9) with a sticky header. The area is focusable so
 * keyboard users can scroll it, and labelled for screen readers.
 */
export function TableScroll({
  label,
  children,
  className,
  'data-testid': testId,
}: {
  label: string;
  children: ReactNode;
  className?: string;
  'data-testid'?: string;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe).
      tabIndex={0}
      className={cn(
        'max-h-[400px] overflow-auto rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-700',
        className,
      )}
      {...(testId && { 'data-testid': testId })}
    >
      {children}
    </section>
  );
}

export function Table({ children, className, ...rest }: HTMLAttributes<HTMLTableElement>) {
  return (
    <table className={cn('w-full border-collapse text-left text-sm', className)} {...rest}>
      {children}
    </table>
  );
}

export function THead({ children }: { children: ReactNode }) {
  return (
    <thead className="sticky top-0 z-10 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase shadow-[inset_0_-1px_0] shadow-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:shadow-slate-700">
      {children}
    </thead>
  );
}

export function Th({ children, className, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th scope="col" className={cn('px-3 py-2.5 font-semibold whitespace-nowrap', className)} {...rest}>
      {children}
    </th>
  );
}

/** A column header that sorts: a button inside, `aria-sort` on the header, an arrow ▲/▼ for the direction. */
export function SortableTh({
  children,
  active,
  direction,
  onSort,
  'data-testid': testId,
}: {
  children: ReactNode;
  active: boolean;
  direction: 'asc' | 'desc';
  onSort: () => void;
  'data-testid'?: string;
}) {
  const Icon = !active ? ArrowUpDown : direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className="px-1.5 py-1 font-semibold whitespace-nowrap"
    >
      <button
        type="button"
        onClick={onSort}
        className="inline-flex items-center gap-1 rounded-md px-1.5 py-1.5 uppercase hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:bg-slate-700 dark:hover:text-white"
        {...(testId && { 'data-testid': testId })}
      >
        {children}
        {active ? (
          <span aria-hidden="true" data-sort-arrow="">
            {direction === 'asc' ? '▲' : '▼'}
          </span>
        ) : (
          <Icon aria-hidden="true" className="size-3.5 opacity-50" />
        )}
      </button>
    </th>
  );
}

export function Td({ children, className, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return (
    <td className={cn('px-3 py-2.5 align-top text-slate-800 dark:text-slate-200', className)} {...rest}>
      {children}
    </td>
  );
}

/** A row of the body, with a divider and hover. */
export function Tr({ children, className, ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  return (
    <tr
      className={cn(
        'border-t border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800/60',
        className,
      )}
      {...rest}
    >
      {children}
    </tr>
  );
}

/** The one row of an empty table ('No users found'). */
export function EmptyRow({
  colSpan,
  children,
  'data-testid': testId,
}: {
  colSpan: number;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <tr>
      <td
        colSpan={colSpan}
        className="px-3 py-10 text-center text-sm text-slate-600 dark:text-slate-400"
        {...(testId && { 'data-testid': testId })}
      >
        {children}
      </td>
    </tr>
  );
}
