import type { AnyFormApi } from '@tanstack/react-form';
import { firstErrorMessage } from '../../../components/form/field-error';
import { toast } from '../../../components/ui/toast';

/** The first message of the first invalid field, in screen order (for the 'Validation error' toast, spec section 5). */
function firstFieldError(form: AnyFormApi, fields: readonly string[]): string | undefined {
  const meta = form.state.fieldMeta as Record<string, { errors?: unknown[] } | undefined>;
  for (const name of fields) {
    const message = firstErrorMessage(meta[name]?.errors ?? []);
    if (message) return message;
  }
  return undefined;
}

/** A refused submit of the user dialogs: 'Validation error' with the first message (spec section 5). */
export function toastFirstFieldError(form: AnyFormApi, fields: readonly string[]): void {
  toast({
    title: 'Validation error',
    description: firstFieldError(form, fields) ?? 'Please check the form',
    variant: 'destructive',
  });
}
