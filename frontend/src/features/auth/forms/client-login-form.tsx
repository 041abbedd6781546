import type { LoginInput } from '@app/contracts';
import { LoginSchema } from '@app/contracts/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import * as v from 'valibot';
import { FormElement } from '../../../components/form/form-element';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { failureMessage } from '../../../lib/api';
import { safeRedirectPath } from '../../../lib/safe-redirect';
import { useLogin } from '../api/auth.mutations';
import { replaceSession } from '../api/auth.queries';
import { authLinkClass } from '../components/auth-card';
import { CLIENT_HOME } from '../utils/after-sign-in';

const emptyCredentials: LoginInput = { email: '', password: '' };

export const CLIENT_LOGIN_ERROR = 'Failed to log in. Please try again.';

export interface ClientLoginFormProps {
  /** Where to go instead of /client/dashboard (kept by /api/login as `?redirect=`). */
  redirectUrl?: string | undefined;
}

/**
 * The /client/login form (D1: a real sign-in, unlike the spec's page that dropped the credentials). The browser checks
 * that both fields are filled in; on success the app goes to the client portal without a reload.
 */
export function ClientLoginForm({ redirectUrl }: ClientLoginFormProps) {
  const login = useLogin();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const alertId = `${useId()}-client-login-error`;
  const [serverError, setServerError] = useState<string | null>(null);

  const { form, formRef } = useSchemaForm({
    defaultValues: emptyCredentials,
    schema: LoginSchema,
    onAttempt: () => setServerError(null),
    onSubmit: async (value) => {
      const { email, password } = v.parse(LoginSchema, value);
      const result = await login.mutateAsync({ email, password, ...(redirectUrl && { redirectUrl }) });
      replaceSession(queryClient, result.user);
      await navigate({ href: safeRedirectPath(result.redirectUrl) ?? CLIENT_HOME });
    },
    onFailure: (error) => setServerError(failureMessage(error, CLIENT_LOGIN_ERROR)),
  });

  return (
    <FormElement
      ref={formRef}
      aria-label="Client dashboard login"
      data-testid="client-login-form"
      className="flex flex-col gap-5"
      noValidate={false}
      onSubmit={() => form.handleSubmit()}
    >
      <form.AppForm>
        <form.FormAlert
          id={alertId}
          fields={['email', 'password']}
          serverError={serverError}
          data-testid="client-login-error"
        />
      </form.AppForm>
      <form.AppField name="email">
        {(field) => (
          <field.TextField
            label="Email"
            type="email"
            placeholder="you@company.com"
            autoComplete="username"
            inputMode="email"
            required
            formErrorId={alertId}
            data-testid="client-login-email"
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
            data-testid="client-login-password"
          />
        )}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton size="lg" pendingLabel="Logging in..." className="w-full" data-testid="client-login-submit">
          Login to Dashboard
        </form.SubmitButton>
      </form.AppForm>
      <p className="text-center text-sm">
        <Link to="/reset-password" className={authLinkClass} data-testid="client-login-forgot-password">
          Forgot your password?
        </Link>
      </p>
    </FormElement>
  );
}
