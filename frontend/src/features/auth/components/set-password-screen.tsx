import type { TokenValidation } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from '../../../components/ui/toast';
import type { TokenQueryOptions } from '../api/auth.queries';
import { NewPasswordForm, type NewPasswordFormProps } from '../forms/new-password-form';
import { AuthCard, CheckingCard } from './auth-card';

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
  /** The card of a link that cannot be used. */
  invalid: (message: string) => ReactNode;
  /** The form's card: its h1, its greeting of the link's user and its test id. */
  title: string;
  greeting: (user: NonNullable<TokenValidation['user']>) => ReactNode;
  'data-testid': string;
  form: Omit<NewPasswordFormProps, 'email' | 'onSuccess'>;
  /** Once the password is set: a toast, then the next page. */
  done: { title: string; description: string; to: '/' | '/login' };
}

/**
 * The page of an e-mailed link that sets a password (/register, /reset-password with a token), spec section 4:
 * validating, then the link's error or the form for the user it names.
 */
export function SetPasswordScreen({
  check,
  icon: Icon,
  checkingText,
  failedMessage,
  invalidFallback,
  invalid,
  title,
  greeting,
  form,
  done,
  ...rest
}: SetPasswordScreenProps) {
  const validation = useQuery(check);
  const navigate = useNavigate();
  const icon = <Icon aria-hidden="true" className="size-6" />;

  if (validation.isPending) return <CheckingCard icon={icon} title="Checking Your Link" text={checkingText} />;
  if (validation.isError) return invalid(failedMessage);

  const { valid, message, user } = validation.data;
  if (!valid || !user) return invalid(message || invalidFallback);

  return (
    <AuthCard icon={icon} title={title} description={greeting(user)} {...rest}>
      <NewPasswordForm
        email={user.email}
        {...form}
        onSuccess={() => {
          toast({ title: done.title, description: done.description });
          void navigate({ to: done.to });
        }}
      />
    </AuthCard>
  );
}
