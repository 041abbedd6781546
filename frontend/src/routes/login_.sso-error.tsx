import { SSO_ERROR_MESSAGES } from '@app/contracts/api/sso';
import { SSO_ERROR_REASONS, type SsoErrorReason } from '@app/contracts/url-choices';
import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { ShieldAlert } from 'lucide-react';
import { AuthCard, CardLink, ContactUsLine } from '../features/auth/components/auth-card';
import { pageTitle } from '../lib/page-title';

const isReason = (value: unknown): value is SsoErrorReason =>
  typeof value === 'string' && (SSO_ERROR_REASONS as readonly string[]).includes(value);

/**
 * Where every refused single sign-on lands (issue 17): what happened, in words, and the way back to signing in with
 * a password. The server sends only a reason from the list; anything else reads as the general fault.
 */
export const Route = createFileRoute('/login_/sso-error')({
  validateSearch: (search: Record<string, unknown>): { reason: SsoErrorReason } => ({
    reason: isReason(search.reason) ? search.reason : 'unexpected',
  }),
  head: () => ({ meta: [{ title: pageTitle('Single Sign-On') }, { name: 'robots', content: 'noindex' }] }),
  component: SsoErrorPage,
});

function SsoErrorPage() {
  const { reason } = getRouteApi('/login_/sso-error').useSearch();
  return (
    <AuthCard
      icon={ShieldAlert}
      tone="error"
      title="We couldn't sign you in"
      description={<p data-testid="sso-error-message">{SSO_ERROR_MESSAGES[reason]}</p>}
      data-testid="sso-error-card"
      focusHeading
      footer={<ContactUsLine lead="Need help?" />}
    >
      <CardLink to="/client/login" data-testid="sso-error-password">
        Sign in with your password
      </CardLink>
    </AuthCard>
  );
}
