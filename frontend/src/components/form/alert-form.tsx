import { type ReactNode, useId, useState } from 'react';
import { failureMessage } from '../../lib/api';
import { FormAlert, type FormAlertProps } from './form-alert';
import { FormAlertIdContext } from './form-context';
import { FormElement, type FormElementProps } from './form-element';
import { type SchemaFormOptions, useSchemaForm } from './use-schema-form';

export interface AlertFormOptions<TValues> extends Omit<SchemaFormOptions<TValues>, 'onFailure' | 'onAttempt'> {
  /** The alert's test id is `${testId}-error`. */
  testId: string;
  /** The form's fields in screen order: the alert shows the first message of the first invalid one. */
  fields: readonly string[];
  /** Shown when the server gives no message of its own. */
  failureFallback: string;
}

/**
 * `useSchemaForm` for a form that shows its errors in its red alert (spec section 8: the sign-in, new password and
 * reset link forms) instead of under each field: the first field's message, or else the server's answer to the last
 * submit (forgotten at the next). Returns the form and its alert's props for `AlertFormElement` (its text fields are
 * described by the alert).
 */
export function useAlertForm<TValues>({ testId, fields, failureFallback, ...options }: AlertFormOptions<TValues>) {
  const id = `${useId()}-${testId}-error`;
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useSchemaForm({
    ...options,
    onAttempt: () => setServerError(null),
    onFailure: (error) => setServerError(failureMessage(error, failureFallback)),
  });
  const alert: FormAlertProps = { id, fields, serverError, 'data-testid': `${testId}-error` };
  return { form, alert };
}

/**
 * The `<form>` of an alert form (inside its `form.AppForm`): the alert first, then the fields and buttons; the full-width
 * card layout of the sign-in, new password and reset link pages. Its text fields are described by the alert.
 */
export function AlertFormElement({
  alert,
  children,
  ...props
}: FormElementProps & { alert: FormAlertProps; children: ReactNode }) {
  return (
    <FormElement className="flex flex-col gap-5" {...props}>
      <FormAlert {...alert} />
      <FormAlertIdContext value={alert.id}>{children}</FormAlertIdContext>
    </FormElement>
  );
}

/** The submit of a card form: large, the card's full width. */
export const cardSubmit = { size: 'lg', className: 'w-full' } as const;
