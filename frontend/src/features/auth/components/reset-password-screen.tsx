import { Link } from '@tanstack/react-router';
import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useResetPassword } from '../api/auth.mutations';
import { resetTokenQueryOptions } from '../api/auth.queries';
import { RequestResetForm } from '../forms/request-reset-form';
import { displayName } from '../utils/display-name';
import { AuthCard, authLinkClass, CardLink, DoneCard } from './auth-card';
import { SetPasswordScreen } from './set-password-screen';

/**
 * /reset-password (spec sections 2 and 4): without a token, request a link then 'Check Your Email'; with one,
 * validate it, then set a new password and go home.
 */
export function ResetPasswordScreen({ token }: { token: string | undefined }) {
  return token ? <NewPasswordStep key={token} token={token} /> : <RequestStep />;
}

function RequestStep() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [lastEmail, setLastEmail] = useState('');
  // After the first switch, each step takes focus so keyboard users are not left on a vanished button.
  const [switched, setSwitched] = useState(false);

  if (sentTo)
    return (
      <DoneCard
        icon={MailCheck}
        title="Check Your Email"
        description={
          <>
            <p>
              If an account exists for <strong className="break-all text-slate-900 dark:text-white">{sentTo}</strong>,
              we've sent a link to reset your password.
            </p>
            <p className="mt-2" data-testid="reset-expiry-note">
              The link expires in 1 hour. Don't see it? Check your spam folder.
            </p>
          </>
        }
        data-testid="reset-check-email"
      >
        <div className="flex flex-col gap-3">
          <Button
            size="lg"
            variant="outline"
            className="w-full"
            data-testid="reset-send-another"
            onClick={() => {
              setSentTo(null);
              setSwitched(true);
            }}
          >
            Send Another Reset Link
          </Button>
          <CardLink to="/">Return to Home</CardLink>
        </div>
      </DoneCard>
    );

  return (
    <AuthCard
      icon={KeyRound}
      title="Reset Your Password"
      description={<p>Enter your email address and we'll send you a link to reset your password.</p>}
      focusHeading={switched}
      data-testid="reset-request"
      footer={
        <p>
          Remembered it?{' '}
          <Link to="/login" className={authLinkClass}>
            Back to Sign In
          </Link>
        </p>
      }
    >
      <RequestResetForm
        initialEmail={lastEmail}
        onSent={(email) => {
          setLastEmail(email);
          setSentTo(email);
        }}
      />
    </AuthCard>
  );
}

function NewPasswordStep({ token }: { token: string }) {
  const resetPassword = useResetPassword();

  return (
    <SetPasswordScreen
      check={resetTokenQueryOptions(token)}
      icon={KeyRound}
      checkingText="Validating your reset link..."
      failedMessage="Failed to validate reset token"
      invalidFallback="This password reset link is invalid or has expired. Please request a new one."
      invalid={{
        title: 'Reset Link Invalid',
        'data-testid': 'reset-invalid',
        action: (
          <CardLink to="/reset-password" data-testid="reset-request-new">
            Request New Reset Link
          </CardLink>
        ),
      }}
      title="Set a New Password"
      greeting={(user) => (
        <p data-testid="reset-greeting">Hello, {displayName(user)}! Choose a new password for your account.</p>
      )}
      data-testid="reset-new-password"
      form={{
        passwordLabel: 'New Password',
        submitLabel: 'Update Password',
        pendingLabel: 'Updating password...',
        failureFallback: 'Failed to reset password',
        onSubmit: (newPassword) => resetPassword.mutateAsync({ token, newPassword }),
        testId: 'reset-password',
      }}
      // Signed in again and on to the portal (issue 26: it left the person signed out on the home page).
      doneTitle="Password updated"
    />
  );
}
