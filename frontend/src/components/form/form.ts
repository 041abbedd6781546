import { createFormHook } from '@tanstack/react-form';
import { CheckboxField } from './checkbox-field';
import { CheckboxGroupField } from './checkbox-group-field';
import { FormAlert } from './form-alert';
import { fieldContext, formContext } from './form-context';
import { SelectField } from './select-field';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';
import { TextareaField } from './textarea-field';

/**
 * The one form hook of the app (TanStack Form's composition pattern): fields are `<form.AppField name="x">{(field) =>
 * <field.TextField label="..." />}</form.AppField>`, the button `<form.AppForm><form.SubmitButton .../></form.AppForm>`,
 * the form's red alert (spec section 8) `<form.FormAlert id fields serverError />` inside `form.AppForm`.
 * Every field kind bound to a value is registered here (text, multi-line, select, checkbox, checkbox group); the submit
 * flow is `useSchemaForm`.
 */
export const { useAppForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, TextareaField, SelectField, CheckboxField, CheckboxGroupField },
  formComponents: { SubmitButton, FormAlert },
});
