import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';
import { controlClass, FieldShell } from './field-shell';

export interface ReadOnlyFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'readOnly' | 'id'> {
  label: ReactNode;
  value: string;
  description?: ReactNode;
}

/** A value shown in a form's style but not edited (the e-mail address on the registration page). */
export function ReadOnlyField({ label, value, description, className, ...inputProps }: ReadOnlyFieldProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <FieldShell
      id={id}
      label={label}
      error={undefined}
      errorId={`${id}-error`}
      description={description}
      descriptionId={descriptionId}
    >
      <input
        {...inputProps}
        id={id}
        value={value}
        readOnly
        aria-describedby={description ? descriptionId : undefined}
        className={cn(
          controlClass,
          'cursor-default bg-slate-50 text-slate-700 dark:bg-slate-800/60 dark:text-slate-300',
          className,
        )}
      />
    </FieldShell>
  );
}
