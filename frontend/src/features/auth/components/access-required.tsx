import { Link, useRouterState } from '@tanstack/react-router';
import { Lock } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';
import { CLIENT_HOME } from '../utils/after-sign-in';
import { AuthCard, ContactUsLine } from './auth-card';

/**
 * The client portal for an anonymous visitor (spec section 2, /client/dashboard). 'Login' comes back to the page it
 * was shown on (a dashboard's link from an e-mail, a bookmark), not to the list (issue 26).
 */
export function AccessRequired() {
  const here = useRouterState({ select: (state) => state.location.href });
  return (
    <AuthCard
      icon={Lock}
      title="Access Required"
      description="Please log in to access your dashboards"
      data-testid="access-required"
      footer={<ContactUsLine lead="Not a client yet?" />}
    >
      <Link
        to="/client/login"
        search={here === CLIENT_HOME ? {} : { redirect: here }}
        className={buttonClass({ size: 'lg', className: 'w-full' })}
        data-testid="access-required-login"
      >
        Login
      </Link>
    </AuthCard>
  );
}
