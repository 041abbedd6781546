import { Link } from '@tanstack/react-router';
import { CircleAlert, type LucideIcon } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadingStatus } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';

const tones = {
  default: 'bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300',
  success: 'bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-300',
  error: 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300',
} as const;

export interface AuthCardProps {
  /** A lucide icon (decorative). */
  icon: LucideIcon;
  tone?: keyof typeof tones;
  /** The page's h1. */
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Below the card: links to the other ways in. */
  footer?: ReactNode;
  /** Move focus to the heading on mount: the card replaced the one the user was working in. */
  focusHeading?: boolean;
  'data-testid'?: string;
}

/** The centred card of the sign-in, registration and reset pages. */
export function AuthCard({
  icon: Icon,
  tone = 'default',
  title,
  description,
  children,
  footer,
  focusHeading = false,
  ...rest
}: AuthCardProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, [focusHeading]);
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-20">
      <Card className="p-6 sm:p-8" aria-labelledby={headingId} {...rest}>
        <div className="flex flex-col items-center text-center">
          <span className={cn('flex size-12 items-center justify-center rounded-full', tones[tone])}>
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <h1
            ref={headingRef}
            id={headingId}
            tabIndex={focusHeading ? -1 : undefined}
            className="mt-4 outline-none text-2xl font-bold tracking-tight text-balance text-slate-900 dark:text-white"
          >
            {title}
          </h1>
          {description ? (
            <div className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-300">{description}</div>
          ) : null}
        </div>
        {children ? <div className="mt-8">{children}</div> : null}
      </Card>
      {footer ? (
        <div className="mt-6 flex flex-col items-center gap-2 text-center text-sm text-slate-600 dark:text-slate-400">
          {footer}
        </div>
      ) : null}
    </div>
  );
}

/** A card's way on: a link that looks like the card's full-width large button (outlined below a main one). */
export function CardLink({
  to,
  variant,
  children,
  ...rest
}: {
  to: '/' | '/account' | '/login' | '/reset-password' | '/client/login';
  variant?: 'outline';
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <Link to={to} className={buttonClass({ size: 'lg', variant, className: 'w-full' })} {...rest}>
      {children}
    </Link>
  );
}

/**
 * The card that replaces the one the person worked in once it is done ('Email Address Changed', 'Check Your Email'):
 * a success, its heading focused.
 */
export function DoneCard(props: Omit<AuthCardProps, 'tone' | 'focusHeading'>) {
  return <AuthCard tone="success" focusHeading {...props} />;
}

/** A card's full-width large button that sends what the card asks for: disabled, and `pendingLabel`, while it goes. */
export function CardButton({
  pending,
  pendingLabel,
  children,
  ...rest
}: {
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
  onClick: () => void;
  'data-testid': string;
}) {
  return (
    <Button size="lg" className="w-full" disabled={pending} {...rest}>
      {pending ? pendingLabel : children}
    </Button>
  );
}

/** An account page's e-mailed link (confirm a new address, unsubscribe) that cannot be used, and the account page. */
function AccountLinkInvalid({ message, testId }: { message: string; testId: string }) {
  return (
    <LinkErrorCard
      title="Link Invalid"
      message={message}
      focusHeading
      data-testid={`${testId}-invalid`}
      messageTestId={`${testId}-error`}
      action={<CardLink to="/account">Go to Account Settings</CardLink>}
    />
  );
}

/**
 * What stops an account page's e-mailed link (the `link`: 'confirmation', 'unsubscribe'), if anything: no token in it,
 * or its request failed (`request`: the server's words, else `fallback`). Null when the page can go on.
 */
export function accountLinkProblem(
  testId: string,
  link: string,
  token: string | undefined,
  request: { isError: boolean; error: unknown },
  fallback: string,
): ReactNode {
  if (!token)
    return (
      <AccountLinkInvalid
        testId={testId}
        message={`This ${link} link is incomplete. Please open the link from the e-mail.`}
      />
    );
  if (request.isError) return <AccountLinkInvalid testId={testId} message={failureMessage(request.error, fallback)} />;
  return null;
}

/** A text link in the sign-in pages' style. */
export const authLinkClass = 'font-medium text-blue-700 underline-offset-4 hover:underline dark:text-blue-400';

/** A sign-in card's footer line that sends the person to the contact page, after `lead` ("Need help?"). */
export function ContactUsLine({ lead, testId }: { lead: string; testId?: string }) {
  return (
    <p>
      {lead}{' '}
      <Link to="/contact" className={authLinkClass} data-testid={testId}>
        Contact us
      </Link>
    </p>
  );
}

/** 'Validating...' while a link's token is checked: a polite status for screen readers. */
export function CheckingCard({ icon, title, text }: { icon: LucideIcon; title: ReactNode; text: string }) {
  return (
    <AuthCard icon={icon} title={title} data-testid="token-validating">
      <LoadingStatus className="justify-center text-sm" spinnerClassName="text-blue-700 dark:text-blue-400">
        {text}
      </LoadingStatus>
    </AuthCard>
  );
}

export interface LinkErrorCardProps {
  /** The page's h1 ('Link Invalid', 'Registration Error'...). */
  title: string;
  message: string;
  focusHeading?: boolean;
  /** The way on from here (a new link, the account page), above 'Return to Home'; without it 'Return to Home' leads. */
  action?: ReactNode;
  'data-testid': string;
  /** The message's test id: `${data-testid}-message` unless given. */
  messageTestId?: string;
}

/** An e-mailed link that cannot be used: why, and the way on. */
export function LinkErrorCard({ title, message, focusHeading, action, messageTestId, ...rest }: LinkErrorCardProps) {
  return (
    <AuthCard
      icon={CircleAlert}
      tone="error"
      title={title}
      focusHeading={focusHeading}
      description={<p data-testid={messageTestId ?? `${rest['data-testid']}-message`}>{message}</p>}
      {...rest}
    >
      {action ? (
        <div className="flex flex-col gap-3">
          {action}
          <CardLink to="/" variant="outline">
            Return to Home
          </CardLink>
        </div>
      ) : (
        <CardLink to="/">Return to Home</CardLink>
      )}
    </AuthCard>
  );
}
