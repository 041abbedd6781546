import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '../../features/admin/components/section-page';
import { UsageSection } from '../../features/admin/components/sections';
import { pageTitle } from '../../lib/page-title';

/** Usage: a section of the administration (issue 27, /admin-routes.md). */
export const Route = createFileRoute('/_admin/admin/usage')({
  head: () => ({ meta: [{ title: pageTitle('Usage · Admin') }] }),
  component: UsageRoute,
});

function UsageRoute() {
  return (
    <SectionPage title="Usage" testId="admin-panel-usage">
      <UsageSection />
    </SectionPage>
  );
}
