import type { AdminDashboard, User } from '@app/contracts';
import type { ReactNode } from 'react';
import * as v from 'valibot';
import { FormActions, type FormActionsProps } from '../../../components/form/form-actions';
import { FormElement } from '../../../components/form/form-element';
import type { SelectFieldProps } from '../../../components/form/select-field';
import { type FieldIssues, useSchemaForm, validationIssues } from '../../../components/form/use-schema-form';
import type { SelectOption } from '../../../components/ui/select';
import { fullName } from '../utils/admin-lists';
import { notifyFailure, notifySuccess } from '../utils/notify';

export type Thing = 'Organization' | 'Dashboard' | 'Connection' | 'Case Study';

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

/** The text fields' values of a form that edits `item`: each `names` its value in `item`, else empty (a new one). */
export const textValues = <TItem extends object, K extends keyof TItem & string>(
  item: TItem | undefined,
  names: readonly K[],
) => Object.fromEntries(names.map((name) => [name, String(item?.[name] ?? '')])) as Record<K, string>;

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
  /** Which issues of a refusal go under the fields: a 422's unless given. */
  fieldIssues?: FieldIssues;
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
  fieldIssues = validationIssues,
}: SavePanelOptions<TItem, TValues, TInput, TSaved>) {
  const editing = item !== undefined;
  const texts = panelTexts(thing, editing);
  const form = useSchemaForm({
    defaultValues: valuesOf(item),
    schema,
    fieldIssues,
    onSubmit: async (value, formApi) => {
      const saved = await save({ id: item?.id, input: v.parse(schema, value) });
      notifySuccess(texts.done, detail?.(saved));
      if (!editing) formApi.reset(valuesOf());
      onDone();
    },
    onFailure: (error) => notifyFailure(texts.failed[0], error, texts.failed[1]),
  });
  const panel: SavePanelFrame = {
    testId: thing.toLowerCase().replace(' ', '-'),
    texts,
    onCancel: editing ? onDone : undefined,
  };
  return { form, panel };
}

/** The frame of a save panel's fields (inside its `form.AppForm`): the title, then the fields, then the buttons. */
export function SavePanel({ testId, texts, onCancel, children }: SavePanelFrame & { children: ReactNode }) {
  return (
    <PanelForm
      title={texts.title}
      titleTestId={`${testId}-form-title`}
      data-testid={`${testId}-form`}
      submit={texts.submit}
      actions={{
        pendingLabel: texts.pending,
        cancel: onCancel && { onClick: onCancel, 'data-testid': `${testId}-cancel` },
        'data-testid': `${testId}-submit`,
      }}
    >
      {children}
    </PanelForm>
  );
}

export interface PanelFormProps {
  /** The heading, and the form's name. */
  title: string;
  titleTestId?: string;
  'data-testid': string;
  /** The submit button's label. */
  submit: string;
  actions: Omit<FormActionsProps, 'children'>;
  children: ReactNode;
}

/** An admin panel's form (inside its `form.AppForm`): its heading, its fields, then its buttons. */
export function PanelForm({ title, titleTestId, 'data-testid': testId, submit, actions, children }: PanelFormProps) {
  return (
    <FormElement aria-label={title} data-testid={testId} className="flex flex-col gap-4">
      <h2
        className="text-lg font-semibold text-slate-900 dark:text-white"
        {...(titleTestId && { 'data-testid': titleTestId })}
      >
        {title}
      </h2>
      {children}
      <FormActions {...actions}>{submit}</FormActions>
    </FormElement>
  );
}

export interface LinkPanelOptions<TValues> {
  defaultValues: TValues;
  schema: v.GenericSchema<TValues, unknown>;
  /** Sends the valid values. */
  link: (value: TValues) => Promise<unknown>;
  /** The success toast. */
  done: string;
  /** The failure toast's title and its text when the server gives none. */
  failed: readonly [title: string, fallback: string];
  /** After a link is made (a side panel closes); without it the form empties for the next one. */
  onDone?: (() => void) | undefined;
}

/**
 * An admin panel's form that links two things (a user or a dashboard to an organization): send, toast, then empty
 * (or `onDone`).
 */
export function useLinkPanel<TValues>({
  defaultValues,
  schema,
  link,
  done,
  failed,
  onDone,
}: LinkPanelOptions<TValues>) {
  return useSchemaForm({
    defaultValues,
    schema,
    onSubmit: async (value, formApi) => {
      await link(value);
      notifySuccess(done);
      formApi.reset();
      onDone?.();
    },
    onFailure: (error) => notifyFailure(failed[0], error, failed[1]),
  });
}

/**
 * A required choice of the admin's panels: one of `options`, with `placeholder` until one is chosen (none: the first
 * option is chosen from the start).
 */
export const requiredChoice = (
  label: string,
  placeholder: string | undefined,
  options: readonly SelectOption[],
  testId: string,
): SelectFieldProps => ({
  label,
  ...(placeholder !== undefined && { placeholder }),
  options,
  required: true,
  'data-testid': testId,
});

/** The 'Organization' choice of the link panels (`options`: the organizations, `testId`: the select's). */
export const organizationChoice = (options: readonly SelectOption[], testId: string) =>
  requiredChoice('Organization', 'Select an organization', options, testId);

/** The 'User' choice: each user by name and e-mail address, or by address alone when they have no name. */
export const userChoice = (users: readonly User[], testId: string) =>
  requiredChoice(
    'User',
    'Select a user',
    users.map((u) => ({ value: String(u.id), label: fullName(u) ? `${fullName(u)} (${u.email})` : u.email })),
    testId,
  );

/** The 'Dashboard' choice: each dashboard by name and category. */
export const dashboardChoice = (dashboards: readonly AdminDashboard[], testId: string) =>
  requiredChoice(
    'Dashboard',
    'Select a dashboard',
    dashboards.map((d) => ({ value: String(d.id), label: `${d.name} (${d.category})` })),
    testId,
  );
