import type { ReactNode } from 'react';
import { Checkbox } from '../ui/checkbox';
import type { SelectOption } from '../ui/select';
import { useFieldContext } from './form-context';

export interface CheckboxGroupFieldProps {
  legend: ReactNode;
  options: readonly SelectOption[];
  /** Shown instead of the boxes when there is nothing to choose. */
  emptyText: ReactNode;
  'data-testid'?: string;
  emptyTestId?: string;
  optionTestId?: string;
  /** Extra data attributes of each box (`data-organization-id`). */
  optionData?: (value: string) => Record<`data-${string}`, string>;
}

/** Checkboxes for a list of values (the values as strings) bound to the surrounding `form.AppField`. */
export function CheckboxGroupField({
  legend,
  options,
  emptyText,
  'data-testid': testId,
  emptyTestId,
  optionTestId,
  optionData,
}: CheckboxGroupFieldProps) {
  const field = useFieldContext<(string | number)[]>();
  const selected = (field.state.value ?? []).map(String);
  return (
    <fieldset className="flex flex-col gap-2" {...(testId && { 'data-testid': testId })}>
      <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      {options.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" {...(emptyTestId && { 'data-testid': emptyTestId })}>
          {emptyText}
        </p>
      ) : (
        <div className="grid max-h-40 gap-2 overflow-y-auto rounded-lg border border-slate-200 p-3 sm:grid-cols-2 dark:border-slate-700">
          {options.map(({ value, label }) => (
            <Checkbox
              key={value}
              label={label}
              checked={selected.includes(value)}
              onCheckedChange={(checked) =>
                field.handleChange(checked ? [...selected, value] : selected.filter((x) => x !== value))
              }
              {...(optionTestId && { 'data-testid': optionTestId })}
              {...optionData?.(value)}
            />
          ))}
        </div>
      )}
    </fieldset>
  );
}
