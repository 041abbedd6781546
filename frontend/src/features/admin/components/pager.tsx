import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { NativeSelect } from '../../../components/ui/select';
import { type ListPager, PAGE_SIZES } from '../utils/use-list-view';

const sizeOptions = PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

/** The singular of a plural label: 'entries' → 'entry', 'users' → 'user', 'sign-ins' → 'sign-in'. */
export const singularOf = (label: string) =>
  /[^aeiou]ies$/.test(label) ? `${label.slice(0, -3)}y` : label.replace(/s$/, '');

/**
 * The pages of a server-paged list (issue 18): Previous / Next, 'Page x of y' with the number of rows, and the page
 * size. Test ids are `{name}-page-prev`, `{name}-page-next`, `{name}-page-status` and `{name}-page-size`.
 */
export function Pager({
  name,
  label,
  one = singularOf(label),
  pager,
  total,
  busy,
}: {
  name: string;
  /** What the rows are ('users'), for the pager's label. */
  label: string;
  /** One row's word when the plural is irregular ('person'); by default the regular singular of `label`. */
  one?: string;
  pager: ListPager;
  total: number;
  busy: boolean;
}) {
  const sizeId = useId();
  const { page, pages, pageSize } = pager;
  return (
    <nav
      aria-label={`Pages of ${label}`}
      className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700 dark:text-slate-300"
      data-testid={`${name}-pager`}
    >
      <p aria-live="polite" data-testid={`${name}-page-status`} aria-busy={busy}>
        Page {page} of {pages}
        <span className="text-slate-600 dark:text-slate-400">
          {' '}
          ({total.toLocaleString('en')} {total === 1 ? one : label})
        </span>
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={sizeId} className="text-xs font-semibold">
          Rows per page
        </label>
        <NativeSelect
          id={sizeId}
          className="w-20"
          value={String(pageSize)}
          options={sizeOptions}
          onChange={(event) => pager.setPageSize(Number(event.target.value))}
          data-testid={`${name}-page-size`}
        />
        <Button
          size="sm"
          variant="outline"
          disabled={page <= 1}
          onClick={() => pager.setPage(Math.min(page - 1, pages))}
          data-testid={`${name}-page-prev`}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={page >= pages}
          onClick={() => pager.setPage(page + 1)}
          data-testid={`${name}-page-next`}
        >
          Next
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
