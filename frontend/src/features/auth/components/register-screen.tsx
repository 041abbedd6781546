import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { CircleAlert, UserPlus } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useCompleteRegistration } from '../api/auth.mutations';
import { registrationTokenQueryOptions } from '../api/auth.queries';
import { NewPasswordForm } from '../forms/new-password-form';
import { AuthCard, CheckingCard } from './auth-card';

const NO_REGISTRATION_TOKEN = 'No registration token provided';

/**
 * /register?token=...: the invitation link of an e-mail (D5). States (spec section 4): validating, then invalid or the
 * form, submitting, then the sign-in page.
 */
export function RegisterScreen({ token }: { token: string | undefined }) {
  if (!token) return <RegistrationError message={NO_REGISTRATION_TOKEN} />;
  return <RegisterWithToken key={token} token={token} />;
}

function RegisterWithToken({ token }: { token: string }) {
  const validation = useQuery(registrationTokenQueryOptions(token));
  const completeRegistration = useCompleteRegistration();
  const navigate = useNavigate();

  if (validation.isPending)
    return (
      <CheckingCard
        icon={<UserPlus aria-hidden="true" className="size-6" />}
        title="Checking Your Link"
        text="Validating your registration link..."
      />
    );
  if (validation.isError) return <RegistrationError message="Failed to validate registration token" />;

  const { valid, message, user } = validation.data;
  if (!valid || !user) return <RegistrationError message={message || 'Invalid token'} />;

  const firstName = user.firstName?.trim();
  return (
    <AuthCard
      icon={<UserPlus aria-hidden="true" className="size-6" />}
      title="Complete Your Registration"
      description={
        <p data-testid="register-welcome">
          {firstName ? `Welcome, ${firstName}!` : 'Welcome!'} Choose a password to finish setting up your account.
        </p>
      }
      data-testid="register-card"
    >
      <NewPasswordForm
        email={user.email}
        passwordLabel="Password"
        confirmLabel="Confirm Password"
        submitLabel="Complete Registration"
        pendingLabel="Setting up account..."
        failureFallback="Failed to complete registration"
        onSubmit={(password) => completeRegistration.mutateAsync({ token, password })}
        onSuccess={() => {
          toast({
            title: 'Registration completed',
            description: 'Your account has been set up successfully. You can now log in.',
          });
          // Completing the invitation signs nobody in: to the sign-in, which then opens the client portal for a
          // client (issue 12 item 8; the spec's '/' left a new client on the home page, signed out).
          void navigate({ to: '/login' });
        }}
        testId="register"
      />
    </AuthCard>
  );
}

function RegistrationError({ message }: { message: string }) {
  return (
    <AuthCard
      icon={<CircleAlert aria-hidden="true" className="size-6" />}
      tone="error"
      title="Registration Error"
      description={<p data-testid="register-error-message">{message}</p>}
      data-testid="register-error"
    >
      <Link to="/" className={buttonClass({ size: 'lg', className: 'w-full' })}>
        Return to Home
      </Link>
    </AuthCard>
  );
}
