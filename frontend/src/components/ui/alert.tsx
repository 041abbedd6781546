import { CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface AlertProps {
  variant: 'success' | 'warning' | 'error';
  children: ReactNode;
  className?: string;
  id?: string;
  'data-testid'?: string;
}

const variants = {
  success: 'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100',
  warning: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
  error: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
} as const;

const icons = { success: CircleCheck, warning: TriangleAlert, error: CircleAlert } as const;

/**
 * A banner: success and warning are polite status messages (a warning says what to look at, it does not interrupt),
 * an error is announced at once (role alert).
 */
export function Alert({ variant, children, className, ...rest }: AlertProps) {
  const Icon = icons[variant];
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      data-variant={variant}
      className={cn(
        'flex items-start gap-3 rounded-lg border px-4 py-3 text-sm font-medium',
        variants[variant],
        className,
      )}
      {...rest}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>{children}</p>
    </div>
  );
}

/** The error banner of `message` (a failure of the last attempt), or nothing while there is none. */
export function ErrorAlert({ message, ...rest }: Omit<AlertProps, 'variant' | 'children'> & { message: ReactNode }) {
  return message ? (
    <Alert variant="error" {...rest}>
      {message}
    </Alert>
  ) : null;
}
