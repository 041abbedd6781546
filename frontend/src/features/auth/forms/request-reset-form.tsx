import { AuthMessages, RequestPasswordResetSchema } from '@app/contracts/api/auth';
import { useId, useState } from 'react';
import * as v from 'valibot';
import { emailInput } from '../../../components/form/field-presets';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { toast } from '../../../components/ui/toast';
import { failureMessage } from '../../../lib/api';
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
  const alertId = `${useId()}-reset-request-error`;
  const [serverError, setServerError] = useState<string | null>(null);

  const form = useSchemaForm({
    defaultValues: { email: initialEmail } as v.InferInput<typeof RequestPasswordResetSchema>,
    schema: RequestPasswordResetSchema,
    onAttempt: () => setServerError(null),
    onSubmit: async (value) => {
      const { email } = v.parse(RequestPasswordResetSchema, value);
      await requestReset.mutateAsync(email);
      toast({ title: 'Reset link sent', description: AuthMessages.resetRequested });
      onSent(email);
    },
    onFailure: (error) => setServerError(failureMessage(error, 'Failed to send reset email')),
  });

  return (
    <form.AppForm>
      <form.FormElement
        aria-label="Request a password reset link"
        data-testid="reset-request-form"
        className="flex flex-col gap-5"
      >
        <form.FormAlert id={alertId} fields={['email']} serverError={serverError} data-testid="reset-request-error" />
        <form.AppField name="email">
          {(field) => (
            <field.TextField
              label="Email"
              {...emailInput}
              placeholder="you@example.com"
              autoComplete="email"
              formErrorId={alertId}
              data-testid="reset-request-email"
            />
          )}
        </form.AppField>
        <form.FormActions
          size="lg"
          pendingLabel="Sending reset link..."
          className="w-full"
          data-testid="reset-request-submit"
        >
          Send Reset Link
        </form.FormActions>
      </form.FormElement>
    </form.AppForm>
  );
}
