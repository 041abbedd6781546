import { UserPlus } from 'lucide-react';
import { useCompleteRegistration } from '../api/auth.mutations';
import { registrationTokenQueryOptions } from '../api/auth.queries';
import { CardLink, LinkErrorCard, type LinkErrorCardProps } from './auth-card';
import { SetPasswordScreen } from './set-password-screen';

const NO_REGISTRATION_TOKEN = 'No registration token provided';

const registrationError: Omit<LinkErrorCardProps, 'message'> = {
  title: 'Registration Error',
  'data-testid': 'register-error',
  // A spent invitation is usually one that set the account up (issue 26): its person signs in.
  action: (
    <CardLink to="/login" data-testid="register-sign-in">
      Sign In
    </CardLink>
  ),
};

/**
 * /register?token=...: the invitation link of an e-mail (D5). States (spec section 4): validating, then invalid or the
 * form, submitting, then the sign-in page.
 */
export function RegisterScreen({ token }: { token: string | undefined }) {
  if (!token) return <LinkErrorCard {...registrationError} message={NO_REGISTRATION_TOKEN} />;
  return <RegisterWithToken key={token} token={token} />;
}

function RegisterWithToken({ token }: { token: string }) {
  const completeRegistration = useCompleteRegistration();

  return (
    <SetPasswordScreen
      check={registrationTokenQueryOptions(token)}
      icon={UserPlus}
      checkingText="Validating your registration link..."
      failedMessage="Failed to validate registration token"
      invalidFallback="Invalid token"
      invalid={registrationError}
      title="Complete Your Registration"
      greeting={(user) => {
        const firstName = user.firstName?.trim();
        return (
          <p data-testid="register-welcome">
            {firstName ? `Welcome, ${firstName}!` : 'Welcome!'} Choose a password to finish setting up your account.
          </p>
        );
      }}
      data-testid="register-card"
      form={{
        passwordLabel: 'Password',
        submitLabel: 'Complete Registration',
        pendingLabel: 'Setting up account...',
        failureFallback: 'Failed to complete registration',
        onSubmit: (password) => completeRegistration.mutateAsync({ token, password }),
        testId: 'register',
      }}
      // Completing the invitation signs the client in and opens the portal (issue 26; the spec's '/' left a new client
      // on the home page signed out, and then an empty sign-in page asked for the address again).
      doneTitle="Registration completed"
    />
  );
}
