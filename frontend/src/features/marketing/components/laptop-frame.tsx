import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** A laptop drawn around a screenshot: screen bezel, camera dot, base. */
export function LaptopFrame({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn('mx-auto w-full max-w-3xl', className)}>
      <div className="rounded-t-2xl border border-slate-300 bg-slate-800 p-2 pt-5 shadow-2xl sm:p-3 sm:pt-6 dark:border-slate-600 dark:bg-slate-950">
        <div className="relative">
          <span
            aria-hidden="true"
            className="absolute -top-3.5 left-1/2 size-1.5 -translate-x-1/2 rounded-full bg-slate-500 sm:-top-4"
          />
          <div className="aspect-[8/5] overflow-hidden rounded-md bg-slate-100">{children}</div>
        </div>
      </div>
      <div
        aria-hidden="true"
        className="relative mx-[-2%] h-3 rounded-b-xl bg-slate-300 shadow-md sm:h-4 dark:bg-slate-600"
      >
        <span className="absolute top-0 left-1/2 h-1.5 w-1/6 -translate-x-1/2 rounded-b-md bg-slate-400 dark:bg-slate-500" />
      </div>
    </div>
  );
}
