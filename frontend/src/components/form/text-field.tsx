import { useStore } from '@tanstack/react-form';
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { firstErrorMessage } from './field-error';
import { controlClass, FieldShell } from './field-shell';
import { useFieldContext } from './form-context';

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
  const field = useFieldContext<string>();
  const errors = useStore(field.store, (state) => state.meta.errors);
  const error = firstErrorMessage(errors);
  const id = `${useId()}-${field.name}`;
  const errorId = formErrorId ?? `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = error ? errorId : description ? descriptionId : undefined;

  return (
    <FieldShell
      id={id}
      label={label}
      error={formErrorId ? undefined : error}
      errorId={errorId}
      description={description}
      descriptionId={descriptionId}
    >
      <input
        {...inputProps}
        id={id}
        name={field.name}
        type={type}
        value={field.state.value ?? ''}
        onChange={(event) => field.handleChange(event.target.value)}
        onBlur={field.handleBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={controlClass}
      />
    </FieldShell>
  );
}
