import { Combobox } from '@ark-ui/react/combobox';
import { Portal } from '@ark-ui/react/portal';
import { type ReactNode, useId } from 'react';
import {
  ComboboxChoice,
  type ComboboxChoiceData,
  ComboboxControl,
  ComboboxNoChoices,
  useChoiceCollection,
} from '../../../components/form/combobox-parts';

/** The choices above the page (a portal), or in place inside a dialog. */
const Layer = ({ inDialog, children }: { inDialog: boolean; children: ReactNode }) =>
  inDialog ? children : <Portal>{children}</Portal>;

/** Nothing stays picked: a pick is handed over and the search starts again (one array: a new one would reset it). */
const NOTHING: string[] = [];

/**
 * A searchable combobox (Ark UI) that picks one thing at a time (issue 27): the caller searches with what was typed
 * (`onTyped`) and gives the choices that fit; picking one calls `onPick` and clears the search for the next.
 */
export function SearchPicker({
  label,
  placeholder,
  typed,
  onTyped,
  choices,
  onPick,
  loading = false,
  emptyText,
  more,
  disabled = false,
  inDialog = false,
  testId,
}: {
  label: ReactNode;
  placeholder: string;
  typed: string;
  onTyped: (text: string) => void;
  choices: readonly ComboboxChoiceData[];
  onPick: (value: string) => void;
  loading?: boolean;
  emptyText: string;
  /** A line under the choices ('40 more: type to narrow the list'). */
  more?: string | null;
  disabled?: boolean;
  /**
   * Inside a modal dialog the choices stay in the dialog's tree: the dialog hides everything outside itself from
   * assistive technology (and a portal's list would be outside it).
   */
  inDialog?: boolean;
  testId: string;
}) {
  const id = useId();
  const collection = useChoiceCollection(choices, 'label');

  return (
    <Combobox.Root
      collection={collection}
      ids={{ input: `${id}-input`, label: `${id}-label` }}
      inputValue={typed}
      onInputValueChange={(details) => onTyped(details.inputValue)}
      value={NOTHING}
      onValueChange={(details) => {
        const picked = details.value[0];
        if (picked === undefined) return;
        onPick(picked);
        onTyped('');
      }}
      openOnClick
      disabled={disabled}
      // "preserve": the search stays as typed while the choices change ("clear" would empty it each time); a pick
      // empties it below.
      selectionBehavior="preserve"
      positioning={{ sameWidth: true, gutter: 4 }}
      className="flex flex-col gap-1"
    >
      <Combobox.Label className="text-sm font-medium text-slate-800 dark:text-slate-200">{label}</Combobox.Label>
      <ComboboxControl placeholder={placeholder} data-testid={`${testId}-search`} />
      <Layer inDialog={inDialog}>
        <Combobox.Positioner className="z-[60]">
          <Combobox.Content
            className="max-h-72 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
            data-testid={`${testId}-choices`}
          >
            {choices.length === 0 ? (
              <ComboboxNoChoices loading={loading} emptyText={emptyText} />
            ) : (
              <>
                {choices.map((choice) => (
                  <ComboboxChoice key={choice.value} choice={choice} testId={`${testId}-choice`} />
                ))}
                {more ? <p className="px-3 py-2 text-xs text-slate-600 dark:text-slate-400">{more}</p> : null}
              </>
            )}
          </Combobox.Content>
        </Combobox.Positioner>
      </Layer>
    </Combobox.Root>
  );
}
