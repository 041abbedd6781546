import { useStore } from '@tanstack/react-form';
import { type ReactNode, useId } from 'react';
import { firstErrorMessage } from './field-error';
import { useFieldContext } from './form-context';

/**
 * What every registered field kind needs from the surrounding `form.AppField`: the field, its first error, the props
 * of its `FieldShell` (label, hint, error line) and those of its control (id, name, blur, invalid, described by).
 * `formErrorId`: the form shows its errors in its alert (`form.FormAlert`) instead of under each field.
 */
export function useFieldControl<TValue>(label: ReactNode, description?: ReactNode, formErrorId?: string) {
  const field = useFieldContext<TValue>();
  const errors = useStore(field.store, (state) => state.meta.errors);
  const error = firstErrorMessage(errors);
  const id = `${useId()}-${field.name}`;
  const errorId = formErrorId ?? `${id}-error`;
  const descriptionId = `${id}-description`;
  return {
    field,
    shell: { id, label, error: formErrorId ? undefined : error, errorId, description, descriptionId },
    control: {
      id,
      name: field.name,
      onBlur: field.handleBlur,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId : description ? descriptionId : undefined,
    },
  };
}
