import { Link } from '@tanstack/react-router';
import { Lock } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';
import { AuthCard, ContactUsLine } from './auth-card';

/** The client portal for an anonymous visitor (spec section 2, /client/dashboard). */
export function AccessRequired() {
  return (
    <AuthCard
      icon={<Lock aria-hidden="true" className="size-6" />}
      title="Access Required"
      description="Please log in to access your dashboards"
      data-testid="access-required"
      footer={<ContactUsLine lead="Not a client yet?" />}
    >
      <Link
        to="/client/login"
        className={buttonClass({ size: 'lg', className: 'w-full' })}
        data-testid="access-required-login"
      >
        Login
      </Link>
    </AuthCard>
  );
}
