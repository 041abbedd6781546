import type { AnyFormApi } from '@tanstack/react-form';
import { firstErrorMessage } from '../../../components/form/field-error';

/** The first message of the first invalid field, in screen order (for the 'Validation error' toast, spec section 5). */
export function firstFieldError(form: AnyFormApi, fields: readonly string[]): string | undefined {
  const meta = form.state.fieldMeta as Record<string, { errors?: unknown[] } | undefined>;
  for (const name of fields) {
    const message = firstErrorMessage(meta[name]?.errors ?? []);
    if (message) return message;
  }
  return undefined;
}
