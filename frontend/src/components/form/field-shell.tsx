import type { ReactNode } from 'react';

export interface FieldShellProps {
  id: string;
  label: ReactNode;
  error: string | undefined;
  errorId: string;
  description?: ReactNode;
  descriptionId?: string;
  children: ReactNode;
}

/** Label above, control, then the hint or the first error below (linked by aria-describedby). */
export function FieldShell({ id, label, error, errorId, description, descriptionId, children }: FieldShellProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children}
      {description && !error ? (
        <p id={descriptionId} className="text-sm text-slate-600 dark:text-slate-400">
          {description}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A field's error line (nothing when there is no error); the control names it in aria-describedby. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="text-sm font-medium text-red-700 dark:text-red-400" data-field-error="">
      {error}
    </p>
  ) : null;
}

export const controlClass =
  'block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm transition-colors ' +
  'placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-blue-600 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 sm:text-sm ' +
  'dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:focus-visible:outline-blue-400 ' +
  'border-slate-300 dark:border-slate-600 aria-invalid:border-red-600 dark:aria-invalid:border-red-500';
