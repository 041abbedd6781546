import { Combobox, type ComboboxInputProps, createListCollection } from '@ark-ui/react/combobox';
import { ChevronDown } from 'lucide-react';
import { useMemo } from 'react';
import { Spinner } from '../ui/spinner';
import { controlClass } from './field-shell';

/**
 * The parts of the app's comboboxes (Ark UI): the form's `ComboboxField` and the admin console's search picker. Each
 * is used inside a `Combobox.Root`.
 */

/** One choice: its value, its label and a second line. */
export interface ComboboxChoiceData {
  value: string;
  label: string;
  detail?: string | null | undefined;
}

/**
 * The choices as the collection of a `Combobox.Root` (made again only when `choices` change): each is picked by its
 * value, and its `text` ('value' or 'label') is what the input shows once it is picked.
 */
export const useChoiceCollection = (choices: readonly ComboboxChoiceData[], text: 'value' | 'label') =>
  useMemo(
    () =>
      createListCollection({
        items: [...choices],
        itemToValue: (choice) => choice.value,
        itemToString: (choice) => choice[text],
      }),
    [choices, text],
  );

/** The text input and its 'Show choices' button; `inputProps` go on the input. */
export function ComboboxControl(inputProps: ComboboxInputProps & { 'data-testid'?: string }) {
  return (
    <Combobox.Control className="relative">
      <Combobox.Input autoComplete="off" spellCheck={false} className={`${controlClass} pr-9`} {...inputProps} />
      <Combobox.Trigger
        aria-label="Show choices"
        className="absolute inset-y-0 right-0 flex w-9 items-center justify-center text-slate-500 dark:text-slate-400"
      >
        <ChevronDown aria-hidden="true" className="size-4" />
      </Combobox.Trigger>
    </Combobox.Control>
  );
}

/** In place of the choices when there are none: 'Searching...' while they are looked up, else `emptyText`. */
export function ComboboxNoChoices({ loading, emptyText }: { loading: boolean; emptyText: string }) {
  return (
    <p className="flex items-center gap-2 px-3 py-2 text-slate-600 dark:text-slate-400" role="status">
      {loading ? (
        <>
          <Spinner />
          Searching...
        </>
      ) : (
        emptyText
      )}
    </p>
  );
}

/** One choice of the list: its label, and its second line when it has one. */
export function ComboboxChoice({ choice, testId }: { choice: ComboboxChoiceData; testId: string | undefined }) {
  return (
    <Combobox.Item
      item={choice}
      className="flex cursor-pointer flex-col rounded-md px-3 py-2 text-slate-900 data-highlighted:bg-blue-50 data-[state=checked]:font-semibold dark:text-slate-100 dark:data-highlighted:bg-slate-800"
      {...(testId && { 'data-testid': testId })}
    >
      <Combobox.ItemText className="break-words">{choice.label}</Combobox.ItemText>
      {choice.detail ? (
        <span className="text-xs [overflow-wrap:anywhere] text-slate-600 dark:text-slate-400">{choice.detail}</span>
      ) : null}
    </Combobox.Item>
  );
}
