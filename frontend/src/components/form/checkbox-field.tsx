import type { ReactNode } from 'react';
import { Checkbox } from '../ui/checkbox';
import { useFieldContext } from './form-context';

export interface CheckboxFieldProps {
  label: ReactNode;
  description?: ReactNode;
  /** Shown but not changeable (say why in `description`). */
  disabled?: boolean;
  'data-testid'?: string;
}

/** A checkbox bound to the surrounding `form.AppField` (a true/false value). */
export function CheckboxField({ label, description, disabled, 'data-testid': testId }: CheckboxFieldProps) {
  const field = useFieldContext<boolean>();
  return (
    <Checkbox
      label={label}
      name={field.name}
      checked={field.state.value === true}
      onCheckedChange={(checked) => field.handleChange(checked)}
      onBlur={field.handleBlur}
      {...(disabled && { disabled })}
      {...(description !== undefined && { description })}
      {...(testId && { 'data-testid': testId })}
    />
  );
}
