import type { InputHTMLAttributes, ReactNode } from 'react';
import { controlClass, FieldShell } from './field-shell';
import { useFieldControl } from './use-field-control';

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur' | 'name' | 'id'> {
  label: ReactNode;
  description?: ReactNode;
  /**
   * The id of the form's error alert (`form.FormAlert`) when the form shows its errors there (spec section 8)
   * instead of under each field: the field is still marked invalid and is described by the alert.
   */
  formErrorId?: string;
}

/** A labelled text input bound to the surrounding `form.AppField`. */
export function TextField({ label, description, formErrorId, type = 'text', ...inputProps }: TextFieldProps) {
  const { field, shell, control } = useFieldControl<string>(label, description, formErrorId);
  return (
    <FieldShell {...shell}>
      <input
        {...inputProps}
        {...control}
        type={type}
        value={field.state.value ?? ''}
        onChange={(event) => field.handleChange(event.target.value)}
        className={controlClass}
      />
    </FieldShell>
  );
}
