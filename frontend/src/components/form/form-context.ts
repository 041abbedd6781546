import { createFormHookContexts } from '@tanstack/react-form';

/** The contexts the registered field and form components read; see form.ts. */
export const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts();
