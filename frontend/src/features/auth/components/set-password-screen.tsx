import type { PasswordSet, SecondFactorRequired, TokenValidation } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { toast, toastAcrossReload } from '../../../components/ui/toast';
import { browserLocation } from '../../../lib/browser-location';
import type { TokenQueryOptions } from '../api/auth.queries';
import { NewPasswordForm, type NewPasswordFormProps } from '../forms/new-password-form';
import { SecondFactorForm } from '../forms/second-factor-form';
import { afterSignInPath } from '../utils/after-sign-in';
import { AuthCard, CheckingCard, LinkErrorCard, type LinkErrorCardProps } from './auth-card';

export interface SetPasswordScreenProps {
  /** The check of the link's token (GET /api/auth/validate-...-token). */
  check: TokenQueryOptions;
  icon: LucideIcon;
  /** While the token is checked. */
  checkingText: string;
  /** When the check itself failed. */
  failedMessage: string;
  /** When the token is refused without a message of the server's. */
  invalidFallback: string;
  /** The card of a link that cannot be used, but for its message. */
  invalid: Omit<LinkErrorCardProps, 'message'>;
  /** The form's card: its h1, its greeting of the link's user and its test id. */
  title: string;
  greeting: (user: NonNullable<TokenValidation['user']>) => ReactNode;
  'data-testid': string;
  form: Omit<NewPasswordFormProps, 'email' | 'onSuccess' | 'onSubmit'> & {
    onSubmit: (password: string) => Promise<PasswordSet | SecondFactorRequired>;
  };
  /** Once the password is set: the toast's title ('Registration completed'). */
  doneTitle: string;
}

/**
 * The page of an e-mailed link that sets a password (/register, /reset-password with a token), spec section 4:
 * validating, then the link's error or the form for the user it names.
 */
export function SetPasswordScreen({
  check,
  icon,
  checkingText,
  failedMessage,
  invalidFallback,
  invalid,
  title,
  greeting,
  form,
  doneTitle,
  ...rest
}: SetPasswordScreenProps) {
  const validation = useQuery(check);
  const navigate = useNavigate();
  const answer = useRef<PasswordSet | SecondFactorRequired | null>(null);
  const [secondFactor, setSecondFactor] = useState(false);
  const [leaving, setLeaving] = useState(false);

  if (validation.isPending) return <CheckingCard icon={icon} title="Checking Your Link" text={checkingText} />;
  if (validation.isError) return <LinkErrorCard {...invalid} message={failedMessage} />;

  const { valid, message, user } = validation.data;
  if (!valid || !user) return <LinkErrorCard {...invalid} message={message || invalidFallback} />;

  // Issue 26: signed in by the server, straight to where they were going (a full page load, as after a sign-in);
  // with two-factor sign-in the code first; an administrator signs in on the sign-in page, the address filled in.
  const signInPage = () => void navigate({ to: '/login', search: { email: user.email } });
  const onSet = () => {
    const result = answer.current;
    if (result && 'secondFactorRequired' in result) return setSecondFactor(true);
    if (result?.signedIn && result.user) {
      setLeaving(true);
      toastAcrossReload({ title: doneTitle, description: result.message });
      return browserLocation.assign(afterSignInPath(result.user, undefined));
    }
    toast({ title: doneTitle, description: result?.message ?? '' });
    signInPage();
  };

  return (
    <AuthCard icon={icon} title={title} description={greeting(user)} {...rest}>
      {secondFactor ? (
        <SecondFactorForm
          onSignedIn={(result) => {
            setLeaving(true);
            toastAcrossReload({ title: doneTitle, description: 'You are signed in.' });
            browserLocation.assign(afterSignInPath(result.user, result.redirectUrl));
            return undefined;
          }}
          onRestart={signInPage}
          testId={form.testId}
          leaving={leaving}
        />
      ) : (
        <NewPasswordForm
          email={user.email}
          {...form}
          onSubmit={async (password) => {
            answer.current = await form.onSubmit(password);
          }}
          onSuccess={onSet}
        />
      )}
    </AuthCard>
  );
}
