import { forwardRef, type SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export interface SelectOption {
  value: string;
  label: string;
}

export interface NativeSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  options: readonly SelectOption[];
  /** A first, empty choice ('Select a category'). */
  placeholder?: string;
}

const selectClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm ' +
  'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-blue-600 disabled:opacity-60 sm:text-sm ' +
  'dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:focus-visible:outline-blue-400 ' +
  'aria-invalid:border-red-600 dark:aria-invalid:border-red-500';

/** The browser's own select (best on phones and for screen readers); label it from outside. */
export const NativeSelect = forwardRef<HTMLSelectElement, NativeSelectProps>(function NativeSelect(
  { options, placeholder, className, ...props },
  ref,
) {
  return (
    <select ref={ref} className={cn(selectClass, className)} {...props}>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
});
