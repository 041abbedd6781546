import { Combobox } from '@ark-ui/react/combobox';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import {
  ComboboxChoice,
  type ComboboxChoiceData,
  ComboboxControl,
  ComboboxNoChoices,
  useChoiceCollection,
} from './combobox-parts';
import { FieldShell } from './field-shell';
import { useFieldControl } from './use-field-control';

export interface ComboboxFieldProps {
  label: ReactNode;
  description?: ReactNode;
  /** The choices that fit what was typed (the caller searches: the list is shown as given); a pick's value goes in. */
  options: readonly ComboboxChoiceData[];
  /** The choices are being looked up. */
  loading?: boolean;
  /** Shown in the list when there is no choice (and it is not loading). */
  emptyText?: string;
  /** Shown instead of the choices when looking them up failed. */
  failure?: string | null;
  placeholder?: string;
  required?: boolean;
  /** After a choice was picked (its value is in the field by then). */
  onPick?: (value: string) => void;
  'data-testid'?: string;
}

/**
 * A text field with a list of choices (Ark UI's combobox) bound to the surrounding `form.AppField`: the field's value is
 * the text typed (anything may be typed or pasted), and picking a choice puts its value there. The caller searches
 * with the typed text and gives the choices that fit.
 */
export function ComboboxField({
  label,
  description,
  options,
  loading = false,
  emptyText = 'Nothing found',
  failure = null,
  placeholder,
  required,
  onPick,
  'data-testid': testId,
}: ComboboxFieldProps) {
  const { field, shell, control } = useFieldControl<string>(label, description);
  const collection = useChoiceCollection(options, 'value');
  const value = String(field.state.value ?? '');

  return (
    <FieldShell {...shell}>
      <Combobox.Root
        collection={collection}
        ids={{ input: control.id }}
        name={control.name}
        inputValue={value}
        // Whatever is typed is kept (an id or an address pasted as is); a pick puts the choice's value in the input.
        allowCustomValue
        openOnClick
        selectionBehavior="replace"
        value={options.some((option) => option.value === value) ? [value] : []}
        onInputValueChange={(details) => field.handleChange(details.inputValue)}
        onValueChange={(details) => {
          const picked = details.value[0];
          if (picked === undefined) return;
          field.handleChange(picked);
          onPick?.(picked);
        }}
        invalid={control['aria-invalid'] === true}
        {...(required && { required })}
        positioning={{ sameWidth: true, gutter: 4 }}
        className="relative"
      >
        <ComboboxControl
          onBlur={control.onBlur}
          aria-describedby={control['aria-describedby']}
          {...(placeholder && { placeholder })}
          {...(testId && { 'data-testid': testId })}
        />
        <Portal>
          {/* Above a dialog or side panel (z-50) it may open from, whose portal can come later in the page. */}
          <Combobox.Positioner className="z-[60]">
            <Combobox.Content
              className="z-[60] max-h-72 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
              {...(testId && { 'data-testid': `${testId}-choices` })}
            >
              {failure ? (
                <p className="px-3 py-2 text-red-700 dark:text-red-400" role="alert">
                  {failure}
                </p>
              ) : options.length === 0 ? (
                <ComboboxNoChoices loading={loading} emptyText={emptyText} />
              ) : (
                options.map((option) => (
                  <ComboboxChoice key={option.value} choice={option} testId={testId && `${testId}-choice`} />
                ))
              )}
            </Combobox.Content>
          </Combobox.Positioner>
        </Portal>
      </Combobox.Root>
    </FieldShell>
  );
}
