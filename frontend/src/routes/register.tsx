import { createFileRoute } from '@tanstack/react-router';
import { registrationTokenQueryOptions } from '../features/auth/api/auth.queries';
import { RegisterScreen } from '../features/auth/components/register-screen';
import { checkedLinkRoute, linkPage } from '../lib/link-route';

/** The invitation link of an e-mail (D5, D7). */
export const Route = createFileRoute('/register')({
  ...checkedLinkRoute('Complete Your Registration', registrationTokenQueryOptions),
  component: linkPage(RegisterScreen),
});
