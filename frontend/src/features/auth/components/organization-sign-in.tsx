import { Building2 } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';
import { useSsoLookup } from '../api/sso.queries';

/** Where the organization's sign-in starts (a full page load: the server sends the browser to the provider). */
const ssoStartHref = (email: string, redirect: string | undefined) =>
  `/api/auth/sso/start?email=${encodeURIComponent(email.trim())}${redirect ? `&redirect=${encodeURIComponent(redirect)}` : ''}`;

/**
 * "Sign in with <Organization>" (issue 17): appears under the e-mail field once the address typed belongs to an
 * organization with its own identity provider. The live region tells a screen reader that the choice appeared.
 */
export function OrganizationSignIn({
  email,
  redirectUrl,
  testId,
}: {
  email: string;
  redirectUrl: string | undefined;
  testId: string;
}) {
  const found = useSsoLookup(email);
  return (
    <div aria-live="polite" className="empty:hidden">
      {found && (
        <div className="flex flex-col gap-2 rounded-lg border border-blue-200 bg-blue-50 p-3 dark:border-blue-900 dark:bg-blue-950/40">
          <p className="text-sm text-slate-700 dark:text-slate-200">
            {found.organizationName} signs you in with its own account. No password needed here.
          </p>
          <a
            href={ssoStartHref(email, redirectUrl)}
            className={buttonClass({
              size: 'lg',
              className: 'h-auto! min-h-11 w-full py-2 text-center whitespace-normal!',
            })}
            data-testid={`${testId}-organization-sso`}
          >
            <Building2 aria-hidden="true" className="size-4 shrink-0" />
            <span className="min-w-0">Sign in with {found.organizationName}</span>
          </a>
        </div>
      )}
    </div>
  );
}
