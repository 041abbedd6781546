import { createFileRoute } from '@tanstack/react-router';
import { UnsubscribeScreen } from '../features/auth/components/unsubscribe-screen';
import { linkPage, linkRoute } from '../lib/link-route';

/** A report e-mail's unsubscribe link (issue 29); only the page's button (a POST) unsubscribes. */
export const Route = createFileRoute('/unsubscribe')({
  ...linkRoute('Unsubscribe'),
  component: linkPage(UnsubscribeScreen),
});
