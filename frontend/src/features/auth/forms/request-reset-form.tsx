import { AuthMessages, RequestPasswordResetSchema } from '@app/contracts/api/auth';
import * as v from 'valibot';
import { AlertFormElement, cardSubmit, useAlertForm } from '../../../components/form/alert-form';
import { emailInput } from '../../../components/form/field-presets';
import { toast } from '../../../components/ui/toast';
import { useRequestPasswordReset } from '../api/auth.mutations';

export interface RequestResetFormProps {
  /** The address typed before ('Send Another Reset Link' keeps it). */
  initialEmail?: string;
  /** The request was accepted (the same answer whether or not the address is known, D6). */
  onSent: (email: string) => void;
}

/** The first step of /reset-password: 'Send Reset Link' to an e-mail address. */
export function RequestResetForm({ initialEmail = '', onSent }: RequestResetFormProps) {
  const requestReset = useRequestPasswordReset();

  const { form, alert } = useAlertForm({
    testId: 'reset-request',
    fields: ['email'],
    failureFallback: 'Failed to send reset email',
    defaultValues: { email: initialEmail } as v.InferInput<typeof RequestPasswordResetSchema>,
    schema: RequestPasswordResetSchema,
    onSubmit: async (value) => {
      const { email } = v.parse(RequestPasswordResetSchema, value);
      await requestReset.mutateAsync(email);
      toast({ title: 'Reset link sent', description: AuthMessages.resetRequested });
      onSent(email);
    },
  });

  return (
    <form.AppForm>
      <AlertFormElement alert={alert} aria-label="Request a password reset link" data-testid="reset-request-form">
        <form.AppField name="email">
          {(field) => (
            <field.TextField
              label="Email"
              {...emailInput}
              placeholder="you@example.com"
              data-testid="reset-request-email"
            />
          )}
        </form.AppField>
        <form.FormActions {...cardSubmit} pendingLabel="Sending reset link..." data-testid="reset-request-submit">
          Send Reset Link
        </form.FormActions>
      </AlertFormElement>
    </form.AppForm>
  );
}
