import { Search, X } from 'lucide-react';

/**
 * The portal's search box (issue 18): narrows the cards as the person types; Escape or the clear button empties it.
 * How many cards are shown is said to screen readers as it changes.
 */
export function DashboardSearch({
  id,
  value,
  onChange,
  found,
  total,
}: {
  /** The input's id: what clears the search puts the focus back in it. */
  id: string;
  value: string;
  onChange: (value: string) => void;
  found: number;
  total: number;
}) {
  const clear = () => {
    onChange('');
    document.getElementById(id)?.focus();
  };
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <div className="relative w-full sm:max-w-md">
        <label htmlFor={id} className="sr-only">
          Search dashboards
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        />
        <input
          id={id}
          type="search"
          value={value}
          maxLength={200}
          autoComplete="off"
          placeholder="Search by name, category or description"
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && value) {
              event.preventDefault();
              onChange('');
            }
          }}
          className="h-11 w-full rounded-lg border border-slate-300 bg-white pr-11 pl-9 text-base text-slate-900 placeholder:text-slate-500 focus:border-blue-600 focus:outline-2 focus:outline-blue-600 dark:border-slate-700 dark:bg-slate-900 dark:text-white dark:placeholder:text-slate-400 [&::-webkit-search-cancel-button]:hidden"
          data-testid="dashboards-search"
        />
        {value && (
          <button
            type="button"
            onClick={clear}
            aria-label="Clear search"
            className="absolute top-1/2 right-1.5 flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-300 dark:hover:bg-slate-800"
            data-testid="dashboards-search-clear"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite" data-testid="dashboards-count">
        {found === total ? `${total} ${total === 1 ? 'dashboard' : 'dashboards'}` : `${found} of ${total} dashboards`}
      </p>
    </div>
  );
}
