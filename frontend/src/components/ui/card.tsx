import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A bordered panel on the page background. */
export function Card({
  children,
  className,
  ...rest
}: {
  children: ReactNode;
  className?: string;
  'aria-labelledby'?: string;
  'data-testid'?: string;
}) {
  return (
    <section
      className={cn(
        'rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
      {...rest}
    >
      {children}
    </section>
  );
}
