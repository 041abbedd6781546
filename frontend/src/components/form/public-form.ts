import { createFormHook } from '@tanstack/react-form';
import { useRef } from 'react';
import { FormActions } from './form-actions';
import { fieldContext, formContext } from './form-context';
import { bindFormElement, FormElement } from './form-element';
import { type SchemaFormOptions, schemaFormOptions } from './schema-form-options';
import { TextareaField, TextField } from './text-field';

/**
 * The form hook of the public pages' forms (contact, booking, issue 30): the same contexts and components as the app's
 * (form.ts), with only the field kinds those forms show, text and multi-line. The app's hook registers every kind, and
 * with them Ark UI's select, combobox and checkbox and their positioning code (about 11 KB gzipped), which a visitor
 * of the contact or booking page would download for fields those pages do not have.
 */
const { useAppForm: usePublicAppForm, withFieldGroup } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, TextareaField },
  formComponents: { FormElement, FormActions },
});

/** A group of fields (the visitor's name and e-mail) for the public forms. */
export const withPublicFieldGroup = withFieldGroup;

/** `useSchemaForm` (the app's submit flow) on the public forms' hook. */
export function usePublicSchemaForm<TValues>(options: SchemaFormOptions<TValues>) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = usePublicAppForm(schemaFormOptions(options, formRef));
  bindFormElement(form, formRef);
  return form;
}
