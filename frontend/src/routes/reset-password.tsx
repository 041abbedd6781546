import { createFileRoute } from '@tanstack/react-router';
import { resetTokenQueryOptions } from '../features/auth/api/auth.queries';
import { ResetPasswordScreen } from '../features/auth/components/reset-password-screen';
import { checkedLinkRoute, linkPage } from '../lib/link-route';

/** The reset link of an e-mail (D6, D7); without a token the page asks for an e-mail address. */
export const Route = createFileRoute('/reset-password')({
  ...checkedLinkRoute('Reset Your Password', resetTokenQueryOptions),
  component: linkPage(ResetPasswordScreen),
});
