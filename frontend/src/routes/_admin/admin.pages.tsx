import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '../../features/admin/components/section-page';
import { SitePagesTab } from '../../features/admin/components/site-pages-tab';
import { pageTitle } from '../../lib/page-title';

/** Pages: a section of the administration (issue 27, /admin-routes.md). */
export const Route = createFileRoute('/_admin/admin/pages')({
  head: () => ({ meta: [{ title: pageTitle('Pages · Admin') }] }),
  component: PagesRoute,
});

function PagesRoute() {
  return (
    <SectionPage title="Pages" testId="admin-panel-site-pages">
      <SitePagesTab />
    </SectionPage>
  );
}
