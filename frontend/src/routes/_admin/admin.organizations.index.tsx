import { createFileRoute } from '@tanstack/react-router';
import { OrganizationsTab } from '../../features/admin/components/organizations-tab';
import { SectionPage } from '../../features/admin/components/section-page';
import { pageTitle } from '../../lib/page-title';

/** Organizations: a section of the administration (issue 27, /admin-routes.md). */
export const Route = createFileRoute('/_admin/admin/organizations/')({
  head: () => ({ meta: [{ title: pageTitle('Organizations · Admin') }] }),
  component: OrganizationsRoute,
});

function OrganizationsRoute() {
  return (
    <SectionPage title="Organizations" titleShown={false} testId="admin-panel-organizations">
      <OrganizationsTab />
    </SectionPage>
  );
}
