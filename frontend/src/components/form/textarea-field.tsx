import { useStore } from '@tanstack/react-form';
import { type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import { firstErrorMessage } from './field-error';
import { controlClass, FieldShell } from './field-shell';
import { useFieldContext } from './form-context';

export interface TextareaFieldProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'onBlur' | 'name' | 'id'> {
  label: ReactNode;
  description?: ReactNode;
}

/** A labelled multi-line input bound to the surrounding `form.AppField`. */
export function TextareaField({ label, description, rows = 5, ...textareaProps }: TextareaFieldProps) {
  const field = useFieldContext<string>();
  const errors = useStore(field.store, (state) => state.meta.errors);
  const error = firstErrorMessage(errors);
  const id = `${useId()}-${field.name}`;
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = error ? errorId : description ? descriptionId : undefined;

  return (
    <FieldShell
      id={id}
      label={label}
      error={error}
      errorId={errorId}
      description={description}
      descriptionId={descriptionId}
    >
      <textarea
        {...textareaProps}
        id={id}
        name={field.name}
        rows={rows}
        value={field.state.value ?? ''}
        onChange={(event) => field.handleChange(event.target.value)}
        onBlur={field.handleBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${controlClass} min-h-32 resize-y`}
      />
    </FieldShell>
  );
}
