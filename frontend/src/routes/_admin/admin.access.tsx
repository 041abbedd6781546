import { createFileRoute } from '@tanstack/react-router';
import { sectionPage } from '../../features/admin/components/section-page';
import { AccessSection } from '../../features/admin/components/sections';
import { sectionHead } from '../../features/admin/sections';

/** Access: a section of the administration (issue 27, /admin-routes.md). */
export const Route = createFileRoute('/_admin/admin/access')({
  head: sectionHead('access'),
  component: sectionPage('access', AccessSection, { testId: 'admin-panel-associations' }),
});
