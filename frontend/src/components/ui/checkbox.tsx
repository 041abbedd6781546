import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'id'> {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  description?: ReactNode;
}

/** A native checkbox with its label beside it (keyboard and forms for free). */
export function Checkbox({ label, checked, onCheckedChange, description, className, ...props }: CheckboxProps) {
  const id = useId();
  return (
    <div className={cn('flex items-start gap-2', className)}>
      <input
        {...props}
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
        aria-describedby={description ? `${id}-description` : undefined}
        className={
          'mt-0.5 size-4 shrink-0 rounded border-slate-400 accent-blue-700 focus-visible:outline-2 ' +
          'focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:accent-blue-500 dark:focus-visible:outline-blue-400'
        }
      />
      <div className="flex flex-col">
        <label htmlFor={id} className="text-sm font-medium text-slate-800 select-none dark:text-slate-200">
          {label}
        </label>
        {description ? (
          <p id={`${id}-description`} className="text-sm text-slate-600 dark:text-slate-400">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
