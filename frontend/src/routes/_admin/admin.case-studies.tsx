import { createFileRoute } from '@tanstack/react-router';
import { CaseStudiesTab } from '../../features/admin/components/case-studies-tab';
import { SectionPage } from '../../features/admin/components/section-page';
import { pageTitle } from '../../lib/page-title';

/** Case studies: a section of the administration (issue 27, /admin-routes.md). */
export const Route = createFileRoute('/_admin/admin/case-studies')({
  head: () => ({ meta: [{ title: pageTitle('Case studies · Admin') }] }),
  component: CaseStudiesRoute,
});

function CaseStudiesRoute() {
  return (
    <SectionPage title="Case studies" testId="admin-panel-case-studies">
      <CaseStudiesTab />
    </SectionPage>
  );
}
