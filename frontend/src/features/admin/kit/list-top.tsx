import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { RowAttributes } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { FilterBar, type FilterField, ListHeader } from '../components/admin-panel';

/** A server-paged list's state that its top shows: its name and filters, its first page in or not, its number of rows. */
interface ListTopState<F> {
  name: string;
  filters: F;
  setFilters: (patch: Partial<F>) => void;
  loaded: boolean;
  total: number;
}

/**
 * The top of a server-paged list (issue 18): its title with the number of rows once the first page is in, `actions`
 * beside it, and its filters.
 */
export function ListTop<F extends { [K in keyof F]: string }>({
  title,
  list,
  filters,
  actions,
}: {
  title: string;
  list: ListTopState<F>;
  filters: readonly FilterField<F>[];
  actions?: ReactNode;
}) {
  return (
    <>
      <ListHeader title={title} count={list.loaded ? list.total : undefined}>
        {actions}
      </ListHeader>
      <FilterBar fields={filters} list={list} />
    </>
  );
}

/** A log's Refresh button (audit, sign-ins): reads the list's page again, a spinner while it does. */
export function RefreshButton({ list }: { list: { name: string; fetching: boolean; refetch: () => void } }) {
  return (
    <Button
      size="sm"
      variant="outline"
      onClick={list.refetch}
      disabled={list.fetching}
      data-testid={`${list.name}-refresh`}
    >
      {list.fetching ? <Spinner /> : null}
      Refresh
    </Button>
  );
}

/**
 * A row dimmed while inactive, `dimmed` adding to its look; `data-active` false dims its actions menu with it.
 */
export const activeRow = (isActive: boolean, dimmed?: string): RowAttributes => ({
  className: cn(!isActive && 'bg-slate-50 dark:bg-slate-950/40', !isActive && dimmed),
  'data-active': isActive,
});
