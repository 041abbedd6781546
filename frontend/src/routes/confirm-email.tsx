import { createFileRoute } from '@tanstack/react-router';
import { ConfirmEmailScreen } from '../features/auth/components/confirm-email-screen';
import { linkPage, linkRoute } from '../lib/link-route';

/** The link sent to a new address (issue 12); only a POST uses its token, never loading the page. */
export const Route = createFileRoute('/confirm-email')({
  ...linkRoute('Confirm Your New Email'),
  component: linkPage(ConfirmEmailScreen),
});
