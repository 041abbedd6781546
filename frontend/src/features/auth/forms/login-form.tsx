import type { LoginInput } from '@app/contracts';
import { LoginSchema } from '@app/contracts/schemas/auth';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import * as v from 'valibot';
import { FormElement } from '../../../components/form/form-element';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { toastAcrossReload } from '../../../components/ui/toast';
import { failureMessage } from '../../../lib/api';
import { browserLocation } from '../../../lib/browser-location';
import { useLogin } from '../api/auth.mutations';
import { afterSignInPath } from '../utils/after-sign-in';

const emptyCredentials: LoginInput = { email: '', password: '' };

export interface LoginFormProps {
  /** Where to come back to (`/login?redirect=/account`); sent to the server, which answers it when it is safe. */
  redirectUrl?: string | undefined;
}

/**
 * The /login form (spec section 2, D1). On success: toast 'Login successful', then a full page load of the server's
 * `redirectUrl`, or else the client portal for a client and '/' for an administrator, so every part of the app starts
 * over as the signed-in user.
 */
export function LoginForm({ redirectUrl }: LoginFormProps) {
  const login = useLogin();
  const alertId = `${useId()}-login-error`;
  const [serverError, setServerError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  const { form, formRef } = useSchemaForm({
    defaultValues: emptyCredentials,
    schema: LoginSchema,
    onAttempt: () => setServerError(null),
    onSubmit: async (value) => {
      const { email, password } = v.parse(LoginSchema, value);
      const result = await login.mutateAsync({ email, password, ...(redirectUrl && { redirectUrl }) });
      setLeaving(true);
      toastAcrossReload({ title: 'Login successful', description: 'Welcome back!' });
      browserLocation.assign(afterSignInPath(result.user, result.redirectUrl));
    },
    onFailure: (error) => setServerError(failureMessage(error, 'Login failed')),
  });

  return (
    <FormElement
      ref={formRef}
      aria-label="Sign in"
      data-testid="login-form"
      className="flex flex-col gap-5"
      onSubmit={() => form.handleSubmit()}
    >
      <form.AppForm>
        <form.FormAlert
          id={alertId}
          fields={['email', 'password']}
          serverError={serverError}
          data-testid="login-error"
        />
      </form.AppForm>
      <form.AppField name="email">
        {(field) => (
          <field.TextField
            label="Email"
            type="email"
            placeholder="you@example.com"
            autoComplete="username"
            inputMode="email"
            required
            formErrorId={alertId}
            data-testid="login-email"
          />
        )}
      </form.AppField>
      <form.AppField name="password">
        {(field) => (
          <field.TextField
            label="Password"
            type="password"
            placeholder="Enter your password"
            autoComplete="current-password"
            required
            formErrorId={alertId}
            data-testid="login-password"
          />
        )}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton
          size="lg"
          pendingLabel="Signing in..."
          pending={leaving}
          className="w-full"
          data-testid="login-submit"
        >
          Sign In
        </form.SubmitButton>
      </form.AppForm>
      <p className="text-center text-sm">
        <Link
          to="/reset-password"
          className="font-medium text-blue-700 underline-offset-4 hover:underline dark:text-blue-400"
          data-testid="forgot-password-link"
        >
          Forgot your password?
        </Link>
      </p>
    </FormElement>
  );
}
