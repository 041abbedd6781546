import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { controlClass, FieldShell } from './field-shell';
import { useFieldControl } from './use-field-control';

export interface TextareaFieldProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'onBlur' | 'name' | 'id'> {
  label: ReactNode;
  description?: ReactNode;
}

/** A labelled multi-line input bound to the surrounding `form.AppField`. */
export function TextareaField({ label, description, rows = 5, ...textareaProps }: TextareaFieldProps) {
  const { field, shell, control } = useFieldControl<string>(label, description);
  return (
    <FieldShell {...shell}>
      <textarea
        {...textareaProps}
        {...control}
        rows={rows}
        value={field.state.value ?? ''}
        onChange={(event) => field.handleChange(event.target.value)}
        className={`${controlClass} min-h-32 resize-y`}
      />
    </FieldShell>
  );
}
