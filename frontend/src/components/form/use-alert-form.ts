import { useId, useState } from 'react';
import { failureMessage } from '../../lib/api';
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
 * submit (forgotten at the next). Returns the form and the props of its `form.FormAlert`; the fields take
 * `formErrorId={alert.id}`.
 */
export function useAlertForm<TValues>({ testId, fields, failureFallback, ...options }: AlertFormOptions<TValues>) {
  const id = `${useId()}-${testId}-error`;
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useSchemaForm({
    ...options,
    onAttempt: () => setServerError(null),
    onFailure: (error) => setServerError(failureMessage(error, failureFallback)),
  });
  return { form, alert: { id, fields, serverError, 'data-testid': `${testId}-error` } };
}
