import type { ReactNode } from 'react';
import { NativeSelect, type SelectOption } from '../ui/select';
import { FieldShell } from './field-shell';
import { useFieldControl } from './use-field-control';

export interface SelectFieldProps {
  label: ReactNode;
  options: readonly SelectOption[];
  /** A first, empty choice ('Select a category'). */
  placeholder?: string;
  description?: ReactNode;
  required?: boolean;
  /** Shown but not changeable (say why in `description`). */
  disabled?: boolean;
  'data-testid'?: string;
}

/** A labelled select bound to the surrounding `form.AppField`: same frame and error line as the text field. */
export function SelectField({
  label,
  options,
  placeholder,
  description,
  required,
  disabled,
  'data-testid': testId,
}: SelectFieldProps) {
  const { field, shell, control } = useFieldControl<string>(label, description);
  return (
    <FieldShell {...shell}>
      <NativeSelect
        {...control}
        value={String(field.state.value ?? '')}
        onChange={(event) => field.handleChange(event.target.value)}
        options={options}
        {...(placeholder !== undefined && { placeholder })}
        {...(required && { required })}
        {...(disabled && { disabled })}
        {...(testId && { 'data-testid': testId })}
      />
    </FieldShell>
  );
}
