import { createFormHook } from '@tanstack/react-form';
import { FormAlert } from './form-alert';
import { fieldContext, formContext } from './form-context';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';
import { TextareaField } from './textarea-field';

/**
 * The one form hook of the app (TanStack Form's composition pattern): fields are `<form.AppField name="x">{(field) =>
 * <field.TextField label="..." />}</form.AppField>`, the button `<form.AppForm><form.SubmitButton .../></form.AppForm>`,
 * the form's red alert (spec section 8) `<form.FormAlert id fields serverError />` inside `form.AppForm`.
 * Register new field kinds (select, checkbox, date) here.
 */
export const { useAppForm, withForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, TextareaField },
  formComponents: { SubmitButton, FormAlert },
});
