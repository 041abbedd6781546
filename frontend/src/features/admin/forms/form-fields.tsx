import { useStore } from '@tanstack/react-form';
import { type ReactNode, useId } from 'react';
import { firstErrorMessage } from '../../../components/form/field-error';
import { FieldShell } from '../../../components/form/field-shell';
import { useFieldContext } from '../../../components/form/form-context';
import { Checkbox } from '../../../components/ui/checkbox';
import { NativeSelect, type SelectOption } from '../../../components/ui/select';

/**
 * A labelled select bound to the surrounding `form.AppField` (`<form.AppField name="category">{() => <SelectField
 * .../>}</form.AppField>`): same frame and error line as the shared TextField.
 */
export function SelectField({
  label,
  options,
  placeholder,
  description,
  'data-testid': testId,
  required,
}: {
  label: ReactNode;
  options: readonly SelectOption[];
  placeholder?: string;
  description?: ReactNode;
  required?: boolean;
  'data-testid'?: string;
}) {
  const field = useFieldContext<string>();
  const errors = useStore(field.store, (state) => state.meta.errors);
  const error = firstErrorMessage(errors);
  const id = `${useId()}-${field.name}`;
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  return (
    <FieldShell
      id={id}
      label={label}
      error={error}
      errorId={errorId}
      description={description}
      descriptionId={descriptionId}
    >
      <NativeSelect
        id={id}
        name={field.name}
        value={String(field.state.value ?? '')}
        onChange={(event) => field.handleChange(event.target.value)}
        onBlur={field.handleBlur}
        options={options}
        {...(placeholder !== undefined && { placeholder })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : description ? descriptionId : undefined}
        {...(required && { required })}
        {...(testId && { 'data-testid': testId })}
      />
    </FieldShell>
  );
}

/** A checkbox bound to the surrounding `form.AppField`. */
export function CheckboxField({
  label,
  description,
  'data-testid': testId,
}: {
  label: ReactNode;
  description?: ReactNode;
  'data-testid'?: string;
}) {
  const field = useFieldContext<boolean>();
  return (
    <Checkbox
      label={label}
      name={field.name}
      checked={field.state.value === true}
      onCheckedChange={(checked) => field.handleChange(checked)}
      onBlur={field.handleBlur}
      {...(description !== undefined && { description })}
      {...(testId && { 'data-testid': testId })}
    />
  );
}
