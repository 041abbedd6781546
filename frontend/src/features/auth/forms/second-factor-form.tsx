import { AuthMessages, type LoginResult, type SecondFactorInput } from '@app/contracts';
import { SecondFactorSchema } from '@app/contracts/api/account-security';
import { AlertFormElement, cardSubmit, useAlertForm } from '../../../components/form/alert-form';
import { oneTimeCodeInput } from '../../../components/form/field-presets';
import { Button } from '../../../components/ui/button';
import { ApiRequestError, isApiRequestError } from '../../../lib/api';
import { useSecondFactor } from '../api/auth.mutations';

const emptyCode: SecondFactorInput = { code: '' };

const WRONG_CODE = "That code didn't work. Enter the current code from your authenticator app, or a recovery code.";

export interface SecondFactorFormProps {
  redirectUrl?: string | undefined;
  onSignedIn: (result: LoginResult) => Promise<unknown> | undefined;
  /** Back to e-mail and password (the pending sign-in expired, or another account). */
  onRestart: () => void;
  /** Prefix of the data-testids: `${testId}-code`, `-code-submit`, `-code-error`. */
  testId: string;
  leaving: boolean;
}

/**
 * The second step of signing in (issue 17): the six-digit code of the authenticator app, or one of the recovery codes.
 * The password step left a pending sign-in cookie of 5 minutes; this finishes it.
 */
export function SecondFactorForm({ redirectUrl, onSignedIn, onRestart, testId, leaving }: SecondFactorFormProps) {
  const secondFactor = useSecondFactor();
  const { form, alert } = useAlertForm({
    testId: `${testId}-code`,
    fields: ['code'],
    failureFallback: 'Signing in failed. Please try again.',
    defaultValues: emptyCode,
    schema: SecondFactorSchema,
    onSubmit: async (value) => {
      const result = await secondFactor
        .mutateAsync({ code: value.code, ...(redirectUrl && { redirectUrl }) })
        .catch((error: unknown) => {
          // The API answers a wrong code exactly as a wrong password (issue 17), so that the answer tells an attacker
          // nothing; the person at this step is told what it means.
          if (
            isApiRequestError(error) &&
            error.status === 401 &&
            error.serverMessage === AuthMessages.invalidCredentials
          )
            throw new ApiRequestError(error.message, 401, { message: WRONG_CODE });
          throw error;
        });
      return onSignedIn(result);
    },
  });

  return (
    <form.AppForm>
      <AlertFormElement alert={alert} aria-label="Two-factor sign-in" data-testid={`${testId}-code-form`}>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Open your authenticator app and enter the six-digit code for Lucid Insight. Lost your phone? Enter one of your
          recovery codes instead.
        </p>
        <form.AppField name="code">
          {(field) => (
            <field.TextField
              label="Authentication code"
              {...oneTimeCodeInput}
              autoFocus
              data-testid={`${testId}-code`}
            />
          )}
        </form.AppField>
        <form.FormActions
          {...cardSubmit}
          pendingLabel="Verifying..."
          pending={leaving}
          data-testid={`${testId}-code-submit`}
        >
          Verify
        </form.FormActions>
        <p className="text-center text-sm">
          <Button type="button" variant="ghost" size="sm" onClick={onRestart} data-testid={`${testId}-code-restart`}>
            Start over
          </Button>
        </p>
      </AlertFormElement>
    </form.AppForm>
  );
}
