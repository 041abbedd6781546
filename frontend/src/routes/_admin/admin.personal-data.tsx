import { createFileRoute } from '@tanstack/react-router';
import { PersonalDataTab } from '../../features/admin/components/personal-data-tab';
import { SectionPage } from '../../features/admin/components/section-page';
import { pageTitle } from '../../lib/page-title';

/** Personal data: a section of the administration (issue 27, /admin-routes.md). */
export const Route = createFileRoute('/_admin/admin/personal-data')({
  head: () => ({ meta: [{ title: pageTitle('Personal data · Admin') }] }),
  component: PersonalDataRoute,
});

function PersonalDataRoute() {
  return (
    <SectionPage title="Personal data" testId="admin-panel-personal-data">
      <PersonalDataTab />
    </SectionPage>
  );
}
