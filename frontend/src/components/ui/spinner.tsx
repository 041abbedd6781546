import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A decorative spinner: the text beside it says what is happening. */
export const Spinner = ({ className }: { className?: string }) => (
  <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} />
);

/** What is loading, beside the spinner: a polite status for screen readers. `className` lays the line out. */
export function LoadingStatus({
  children,
  className,
  spinnerClassName,
  'data-testid': testId,
}: {
  children: ReactNode;
  className?: string;
  spinnerClassName?: string;
  'data-testid'?: string;
}) {
  return (
    <p
      role="status"
      className={cn('flex items-center gap-2 text-slate-600 dark:text-slate-300', className)}
      data-testid={testId}
    >
      <Spinner className={spinnerClassName} />
      {children}
    </p>
  );
}
