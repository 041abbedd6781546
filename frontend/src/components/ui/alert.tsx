import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface AlertProps {
  variant: 'success' | 'error';
  children: ReactNode;
  className?: string;
  id?: string;
  'data-testid'?: string;
}

/** A banner: success is a polite status message, an error is announced at once (role alert). */
export function Alert({ variant, children, className, ...rest }: AlertProps) {
  const Icon = variant === 'success' ? CircleCheck : CircleAlert;
  return (
    <div
      role={variant === 'success' ? 'status' : 'alert'}
      className={cn(
        'flex items-start gap-3 rounded-lg border px-4 py-3 text-sm font-medium',
        variant === 'success'
          ? 'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100'
          : 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
        className,
      )}
      {...rest}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>{children}</p>
    </div>
  );
}
