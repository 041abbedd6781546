import { createFileRoute } from '@tanstack/react-router';
import { AppLayout } from '../app/layout/app-layout';
import { ForbiddenPage } from '../components/layout/forbidden-page';
import { pageTitle } from '../lib/page-title';

/**
 * /admin/queues is the API's queue board (backend/src/plugins/queue-board.ts). The app shows this page there only when
 * the API refused the board (a signed-in client: the app's shell with 403, issue 27): the product's 403 page.
 */
export const Route = createFileRoute('/admin_/queues')({
  head: () => ({ meta: [{ title: pageTitle('Access denied') }] }),
  component: QueuesForbidden,
});

function QueuesForbidden() {
  return (
    <AppLayout>
      <ForbiddenPage what="The queue board is for administrators only." />
    </AppLayout>
  );
}
