import type { AnyFormApi } from '@tanstack/react-form';
import { firstFieldError } from '../../../components/form/field-error';
import { toast } from '../../../components/ui/toast';

/** A refused submit of the user dialogs: 'Validation error' with the first message (spec section 5). */
export function toastFirstFieldError(form: AnyFormApi, fields: readonly string[]): void {
  toast({
    title: 'Validation error',
    description: firstFieldError(form.state.fieldMeta, fields) ?? 'Please check the form',
    variant: 'destructive',
  });
}
