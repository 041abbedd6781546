import { useStore } from '@tanstack/react-form';
import { Alert } from '../ui/alert';
import { firstFieldError } from './field-error';
import { useFormContext } from './form-context';

export interface FormAlertProps {
  /** The alert's id; give it to the fields as `formErrorId` so they are described by it. */
  id: string;
  /** The form's fields in screen order: the alert shows the first message of the first invalid one. */
  fields: readonly string[];
  /** A failure of the last submit ('Invalid email or password'), shown when no field is invalid. */
  serverError?: string | null | undefined;
  'data-testid'?: string;
}

/**
 * The red alert inside a form (spec section 8): one message, the validation error of the first invalid field or else
 * the server's answer. Announced as it appears (role alert).
 */
export function FormAlert({ id, fields, serverError, 'data-testid': testId }: FormAlertProps) {
  const form = useFormContext();
  const validationError = useStore(form.store, (state) => firstFieldError(state.fieldMeta, fields));
  const message = validationError ?? serverError ?? undefined;
  if (!message) return null;
  return (
    <Alert variant="error" id={id} {...(testId && { 'data-testid': testId })}>
      {message}
    </Alert>
  );
}
