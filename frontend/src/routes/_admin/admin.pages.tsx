import { createFileRoute } from '@tanstack/react-router';
import { sectionPage } from '../../features/admin/components/section-page';
import { SitePagesTab } from '../../features/admin/components/site-pages-tab';
import { sectionHead } from '../../features/admin/sections';

/** Pages: a section of the administration (issue 27, /admin-routes.md). */
export const Route = createFileRoute('/_admin/admin/pages')({
  head: sectionHead('pages'),
  component: sectionPage('pages', SitePagesTab, { testId: 'admin-panel-site-pages' }),
});
