import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { safeRedirectPath } from '../../../lib/safe-redirect';
import { replaceSession } from '../api/auth.queries';
import { CLIENT_HOME } from '../utils/after-sign-in';
import { SignInForm } from './sign-in-form';

const CLIENT_LOGIN_ERROR = 'Failed to log in. Please try again.';

export interface ClientLoginFormProps {
  /** Where to go instead of /client/dashboard (kept by /api/login as `?redirect=`). */
  redirectUrl?: string | undefined;
}

/**
 * The /client/login form (D1: a real sign-in, unlike the spec's page that dropped the credentials). The browser checks
 * that both fields are filled in; on success the app goes to the client portal without a reload.
 */
export function ClientLoginForm({ redirectUrl }: ClientLoginFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <SignInForm
      redirectUrl={redirectUrl}
      onSignedIn={(result) => {
        replaceSession(queryClient, result.user);
        return navigate({ href: safeRedirectPath(result.redirectUrl) ?? CLIENT_HOME });
      }}
      testId="client-login"
      aria-label="Client dashboard login"
      emailPlaceholder="you@company.com"
      submitLabel="Login to Dashboard"
      pendingLabel="Logging in..."
      failureFallback={CLIENT_LOGIN_ERROR}
      forgotPasswordTestId="client-login-forgot-password"
      browserValidation
    />
  );
}
