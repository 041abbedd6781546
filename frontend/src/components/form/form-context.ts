import { createFormHookContexts } from '@tanstack/react-form';
import { createContext } from 'react';

/** The contexts the registered field and form components read; see form.ts. */
export const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts();

/**
 * The id of the red alert of the form around (`AlertFormElement`'s), when the form shows its errors there (spec
 * section 8): its text fields are then described by the alert instead of an error line of their own.
 */
export const FormAlertIdContext = createContext<string | undefined>(undefined);
