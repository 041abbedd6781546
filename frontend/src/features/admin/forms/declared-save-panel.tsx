import { DeclaredFields, type FieldSpec } from '../../../components/form/declared-field';
import { SavePanel, type SavePanelOptions, type Thing, useSavePanel } from './panel-form';

/** The form of a thing whose fields are all declared: how to fill them, check them and save them. */
export interface DeclaredSaveForm<TItem extends { id: number }, TValues extends object, TInput, TSaved>
  extends Pick<SavePanelOptions<TItem, TValues, TInput, TSaved>, 'thing' | 'valuesOf' | 'schema'> {
  /** The mutation that saves one (its `mutateAsync` is the panel's `save`). */
  useSave: () => { mutateAsync: SavePanelOptions<TItem, TValues, TInput, TSaved>['save'] };
  /** The fields, in screen order. */
  fields: readonly FieldSpec<keyof TValues & string>[];
}

/** The declared form of a `thing` (typed by what it declares), for `DeclaredSavePanel`. */
export const declaredSaveForm = <TItem extends { id: number }, TValues extends object, TInput, TSaved>(
  thing: Thing,
  declared: Omit<DeclaredSaveForm<TItem, TValues, TInput, TSaved>, 'thing'>,
): DeclaredSaveForm<TItem, TValues, TInput, TSaved> => ({ thing, ...declared });

/**
 * The save panel of a declared `form`: 'Create {thing}', or 'Edit {thing}' with Cancel when `item` is given (key it by
 * the id so a new pick starts afresh); field messages under the fields, the outcome a toast (spec section 8). It is
 * `useSavePanel`'s form in its frame.
 */
export function DeclaredSavePanel<TItem extends { id: number }, TValues extends object, TInput, TSaved>({
  form: { useSave, fields, ...declared },
  item,
  onDone,
}: {
  form: DeclaredSaveForm<TItem, TValues, TInput, TSaved>;
  item?: TItem | undefined;
  onDone: () => void;
}) {
  const save = useSave();
  const { form, panel } = useSavePanel({ ...declared, item, save: save.mutateAsync, onDone });
  return (
    <form.AppForm>
      <SavePanel {...panel}>
        <DeclaredFields form={form} fields={fields} />
      </SavePanel>
    </form.AppForm>
  );
}
