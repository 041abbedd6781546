import type { LoginInput, LoginResult } from '@app/contracts';
import { LoginSchema } from '@app/contracts/api/auth';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import { AlertFormElement, cardSubmit, useAlertForm } from '../../../components/form/alert-form';
import { emailInput, passwordInput } from '../../../components/form/field-presets';
import { useLogin } from '../api/auth.mutations';
import { authLinkClass } from '../components/auth-card';
import { OrganizationSignIn } from '../components/organization-sign-in';
import { SecondFactorForm } from './second-factor-form';

const emptyCredentials: LoginInput = { email: '', password: '' };

export interface SignInFormProps {
  /** Where to come back to; sent to the server, which answers it when it is safe. */
  redirectUrl?: string | undefined;
  /** The address filled in. */
  defaultEmail?: string | undefined;
  /** After a successful sign-in (a toast and a page load, or a navigation). */
  onSignedIn: (result: LoginResult) => Promise<unknown> | undefined;
  /** Prefix of the data-testids: `${testId}-form`, `-email`, `-password`, `-submit`, `-error`. */
  testId: string;
  'aria-label': string;
  emailPlaceholder: string;
  submitLabel: string;
  pendingLabel: string;
  /** Keep the button pending after success (the page is about to be left). */
  leaving?: boolean;
  /** Shown when the server gives no message of its own. */
  failureFallback: string;
  forgotPasswordTestId: string;
  /** Let the browser check the required fields first. */
  browserValidation?: boolean;
}

/** E-mail and password, the form's alert (spec section 8) and 'Forgot your password?': /login and /client/login. */
export function SignInForm(props: SignInFormProps) {
  // Two-factor sign-in (issue 17): a right password of such an account asks for the code next, in the same card.
  const [secondFactor, setSecondFactor] = useState(false);
  if (secondFactor)
    return (
      <SecondFactorForm
        redirectUrl={props.redirectUrl}
        onSignedIn={props.onSignedIn}
        onRestart={() => setSecondFactor(false)}
        testId={props.testId}
        leaving={props.leaving ?? false}
      />
    );
  return <PasswordStep {...props} onSecondFactor={() => setSecondFactor(true)} />;
}

function PasswordStep({
  redirectUrl,
  defaultEmail,
  onSignedIn,
  testId,
  'aria-label': ariaLabel,
  emailPlaceholder,
  submitLabel,
  pendingLabel,
  leaving = false,
  failureFallback,
  forgotPasswordTestId,
  browserValidation = false,
  onSecondFactor,
}: SignInFormProps & { onSecondFactor: () => void }) {
  const login = useLogin();

  const { form, alert } = useAlertForm({
    testId,
    fields: ['email', 'password'],
    failureFallback,
    defaultValues: { ...emptyCredentials, email: defaultEmail ?? '' },
    schema: LoginSchema,
    onSubmit: async (value) => {
      const { email, password } = v.parse(LoginSchema, value);
      const result = await login.mutateAsync({ email, password, ...(redirectUrl && { redirectUrl }) });
      if ('secondFactorRequired' in result) onSecondFactor();
      else await onSignedIn(result);
    },
  });

  return (
    <form.AppForm>
      <AlertFormElement
        alert={alert}
        aria-label={ariaLabel}
        data-testid={`${testId}-form`}
        {...(browserValidation && { noValidate: false })}
      >
        <form.AppField name="email">
          {(field) => (
            <field.TextField
              label="Email"
              {...emailInput}
              placeholder={emailPlaceholder}
              autoComplete="username"
              data-testid={`${testId}-email`}
            />
          )}
        </form.AppField>
        <form.Subscribe selector={(state) => state.values.email}>
          {(email) => <OrganizationSignIn email={email ?? ''} redirectUrl={redirectUrl} testId={testId} />}
        </form.Subscribe>
        <form.AppField name="password">
          {(field) => (
            <field.TextField
              label="Password"
              {...passwordInput('current-password')}
              placeholder="Enter your password"
              data-testid={`${testId}-password`}
            />
          )}
        </form.AppField>
        <form.FormActions
          {...cardSubmit}
          pendingLabel={pendingLabel}
          pending={leaving}
          data-testid={`${testId}-submit`}
        >
          {submitLabel}
        </form.FormActions>
        <p className="text-center text-sm">
          <Link to="/reset-password" className={authLinkClass} data-testid={forgotPasswordTestId}>
            Forgot your password?
          </Link>
        </p>
      </AlertFormElement>
    </form.AppForm>
  );
}
