import { createFileRoute } from '@tanstack/react-router';
import { OrganizationsTab } from '../../features/admin/components/organizations-tab';
import { sectionPage } from '../../features/admin/components/section-page';
import { sectionHead } from '../../features/admin/sections';

/** Organizations: a section of the administration (issue 27, /admin-routes.md). */
export const Route = createFileRoute('/_admin/admin/organizations/')({
  head: sectionHead('organizations'),
  component: sectionPage('organizations', OrganizationsTab, { titleShown: false }),
});
