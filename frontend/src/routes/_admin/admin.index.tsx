import { createFileRoute } from '@tanstack/react-router';
import { OverviewPage } from '../../features/admin/components/overview-page';
import { SectionPage } from '../../features/admin/components/section-page';
import { pageTitle } from '../../lib/page-title';

/** /admin: the overview, where administrators land after signing in (issue 27). */
export const Route = createFileRoute('/_admin/admin/')({
  head: () => ({ meta: [{ title: pageTitle('Admin overview') }] }),
  component: OverviewRoute,
});

function OverviewRoute() {
  return (
    <SectionPage
      title="Admin overview"
      lead="What needs attention, each with the way to its section."
      testId="admin-overview"
    >
      <OverviewPage />
    </SectionPage>
  );
}
