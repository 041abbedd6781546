import type { ReactNode } from 'react';
import * as v from 'valibot';
import { FormActions } from '../../../components/form/form-actions';
import { FormElement } from '../../../components/form/form-element';
import { useSchemaForm, validationIssues } from '../../../components/form/use-schema-form';
import { notifyFailure, notifySuccess } from '../utils/notify';

type Thing = 'Organization' | 'Dashboard';

interface SavePanelFrame {
  testId: string;
  texts: ReturnType<typeof panelTexts>;
  onCancel: (() => void) | undefined;
}

/** The texts of the panel that creates a `thing`, or edits one (spec section 8). */
function panelTexts(thing: Thing, editing: boolean) {
  const name = thing.toLowerCase();
  const [verb, doing, done] = editing ? ['update', 'updating', 'updated'] : ['create', 'creating', 'created'];
  return {
    title: `${editing ? 'Edit' : 'Create'} ${thing}`,
    submit: `${editing ? 'Update' : 'Create'} ${thing}`,
    pending: editing ? 'Updating...' : 'Creating...',
    done: `${thing} ${done}`,
    failed: [`Error ${doing} ${name}`, `Failed to ${verb} ${name}`] as const,
  };
}

export interface SavePanelOptions<TItem extends { id: number }, TValues, TInput, TSaved> {
  thing: Thing;
  /** The one edited (Cancel is offered); none to create one (the form empties after each). */
  item: TItem | undefined;
  /** The form's values for `item`, or for a new one. */
  valuesOf: (item?: TItem) => TValues;
  schema: v.GenericSchema<TValues, TInput>;
  /** Sends the parsed values (POST without an id, else PUT). */
  save: (request: { id: number | undefined; input: TInput }) => Promise<TSaved>;
  /** A second line under the success toast. */
  detail?: (saved: TSaved) => string | undefined;
  /** After a save, and on Cancel. */
  onDone: () => void;
}

/**
 * An admin panel's form that creates a thing or edits one: field messages under the fields (422), the outcome a toast
 * ('Organization created', 'Error updating dashboard'). Returns the form and its frame's props.
 */
export function useSavePanel<TItem extends { id: number }, TValues, TInput, TSaved>({
  thing,
  item,
  valuesOf,
  schema,
  save,
  detail,
  onDone,
}: SavePanelOptions<TItem, TValues, TInput, TSaved>) {
  const editing = item !== undefined;
  const texts = panelTexts(thing, editing);
  const form = useSchemaForm({
    defaultValues: valuesOf(item),
    schema,
    fieldIssues: validationIssues,
    onSubmit: async (value, formApi) => {
      const saved = await save({ id: item?.id, input: v.parse(schema, value) });
      notifySuccess(texts.done, detail?.(saved));
      if (!editing) formApi.reset(valuesOf());
      onDone();
    },
    onFailure: (error) => notifyFailure(texts.failed[0], error, texts.failed[1]),
  });
  const panel: SavePanelFrame = { testId: thing.toLowerCase(), texts, onCancel: editing ? onDone : undefined };
  return { form, panel };
}

/** The frame of a save panel's fields (inside its `form.AppForm`): the title, then the fields, then the buttons. */
export function SavePanel({ testId, texts, onCancel, children }: SavePanelFrame & { children: ReactNode }) {
  return (
    <FormElement aria-label={texts.title} data-testid={`${testId}-form`} className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white" data-testid={`${testId}-form-title`}>
        {texts.title}
      </h2>
      {children}
      <FormActions
        pendingLabel={texts.pending}
        cancel={onCancel && { onClick: onCancel, 'data-testid': `${testId}-cancel` }}
        data-testid={`${testId}-submit`}
      >
        {texts.submit}
      </FormActions>
    </FormElement>
  );
}
