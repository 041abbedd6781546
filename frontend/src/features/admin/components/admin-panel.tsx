import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

/** A tab's layout: the list (wide) and, beside it from 1024 px, the form. */
export function ListWithForm({ list, form }: { list: ReactNode; form?: ReactNode }) {
  return (
    <div className={cn('grid gap-6', form ? 'lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]' : '')}>
      <Card className="min-w-0 p-4 sm:p-6">{list}</Card>
      {form ? <Card className="h-fit min-w-0 p-4 sm:p-6">{form}</Card> : null}
    </div>
  );
}

/** The title row of a list: heading, count, and the controls beside it. */
export function ListHeader({
  title,
  count,
  children,
}: {
  title: string;
  count?: number | undefined;
  children?: ReactNode;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
        {title}
        {count !== undefined ? (
          <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-400">({count})</span>
        ) : null}
      </h2>
      {children}
    </div>
  );
}

/** A labelled filter control (text or select), laid out in the filter grid. */
export function FilterLabel({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={htmlFor} className="text-xs font-semibold text-slate-700 dark:text-slate-300">
        {label}
      </label>
      {children}
    </div>
  );
}
