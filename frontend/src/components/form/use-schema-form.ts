import { useRef } from 'react';
import { useAppForm } from './form';
import { bindFormElement } from './form-element';
import { type SchemaFormOptions, schemaFormOptions } from './schema-form-options';

// The submit flow's options and the issue pickers live in schema-form-options.ts (the public forms' hook uses them
// without this hook's registry); they are exported here too, where the app's forms take them from.
export {
  emailConflictOrValidationIssues,
  type FieldIssues,
  type SchemaFormOptions,
  validationIssues,
} from './schema-form-options';

/**
 * The one submit flow of the app's forms (`schemaFormOptions`) on the app's form hook, with every field kind. Returns
 * the form; its `form.FormElement` is where the first invalid field is looked for.
 */
export function useSchemaForm<TValues>(options: SchemaFormOptions<TValues>) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAppForm(schemaFormOptions(options, formRef));
  bindFormElement(form, formRef);
  return form;
}
