import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '../../features/admin/components/section-page';
import { AccessSection } from '../../features/admin/components/sections';
import { pageTitle } from '../../lib/page-title';

/** Access: a section of the administration (issue 27, /admin-routes.md). */
export const Route = createFileRoute('/_admin/admin/access')({
  head: () => ({ meta: [{ title: pageTitle('Access · Admin') }] }),
  component: AccessRoute,
});

function AccessRoute() {
  return (
    <SectionPage title="Access" testId="admin-panel-associations">
      <AccessSection />
    </SectionPage>
  );
}
