import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type BadgeVariant = 'success' | 'neutral' | 'warning' | 'info' | 'danger';

const variants: Record<BadgeVariant, string> = {
  success: 'border-green-300 bg-green-50 text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200',
  neutral: 'border-slate-300 bg-slate-100 text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200',
  warning: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200',
  info: 'border-blue-300 bg-blue-50 text-blue-800 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-200',
  danger: 'border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200',
};

/** A small status label ('Active', 'Setup Pending'). */
export function Badge({
  variant = 'neutral',
  children,
  className,
  'data-testid': testId,
}: {
  variant?: BadgeVariant;
  children: ReactNode;
  className?: string;
  'data-testid'?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        variants[variant],
        className,
      )}
      {...(testId && { 'data-testid': testId })}
    >
      {children}
    </span>
  );
}
