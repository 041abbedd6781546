import { createFormHook } from '@tanstack/react-form';
import { CheckboxField } from './checkbox-field';
import { CheckboxGroupField } from './checkbox-group-field';
import { ComboboxField } from './combobox-field';
import { FormActions } from './form-actions';
import { fieldContext, formContext } from './form-context';
import { FormElement } from './form-element';
import { SelectField } from './select-field';
import { TextareaField, TextField } from './text-field';

/**
 * The one form hook of the app (TanStack Form's composition pattern). A form is `<form.AppForm><form.FormElement
 * aria-label=...>`, then its fields `<form.AppField name="x">{(field) => <field.TextField label="..." />}</form.AppField>`,
 * and its buttons `<form.FormActions pendingLabel=... cancel=...>Save</form.FormActions>`; a form with a red alert
 * (spec section 8) is `useAlertForm` and `AlertFormElement` (alert-form.tsx). Every field kind bound to a value is
 * registered here (text, multi-line, select, checkbox, checkbox group, combobox); the submit flow is `useSchemaForm`. The
 * public pages' forms (contact, booking) use public-form.ts instead, with the text kinds only.
 */
export const { useAppForm, withFieldGroup } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, TextareaField, SelectField, CheckboxField, CheckboxGroupField, ComboboxField },
  formComponents: { FormElement, FormActions },
});
