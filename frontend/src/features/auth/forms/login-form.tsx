import { useState } from 'react';
import { toastAcrossReload } from '../../../components/ui/toast';
import { browserLocation } from '../../../lib/browser-location';
import { afterSignInPath } from '../utils/after-sign-in';
import { SignInForm } from './sign-in-form';

export interface LoginFormProps {
  /** Where to come back to (`/login?redirect=/account`); sent to the server, which answers it when it is safe. */
  redirectUrl?: string | undefined;
  /** The address filled in (`/login?email=`). */
  email?: string | undefined;
}

/**
 * The /login form (spec section 2, D1). On success: toast 'Login successful', then a full page load of the server's
 * `redirectUrl`, or else the client portal for a client and the admin overview (/admin) for an administrator, so every part of the app starts
 * over as the signed-in user.
 */
export function LoginForm({ redirectUrl, email }: LoginFormProps) {
  const [leaving, setLeaving] = useState(false);
  return (
    <SignInForm
      redirectUrl={redirectUrl}
      defaultEmail={email}
      onSignedIn={(result) => {
        setLeaving(true);
        toastAcrossReload({ title: 'Login successful', description: 'Welcome back!' });
        browserLocation.assign(afterSignInPath(result.user, result.redirectUrl));
        return undefined;
      }}
      testId="login"
      aria-label="Sign in"
      emailPlaceholder="you@example.com"
      submitLabel="Sign In"
      pendingLabel="Signing in..."
      leaving={leaving}
      failureFallback="Login failed"
      forgotPasswordTestId="forgot-password-link"
    />
  );
}
