import { createFileRoute } from '@tanstack/react-router';
import { DashboardsTab } from '../../features/admin/components/dashboards-tab';
import { sectionPage } from '../../features/admin/components/section-page';
import { sectionHead } from '../../features/admin/sections';

/** Dashboards: a section of the administration (issue 27, /admin-routes.md). */
export const Route = createFileRoute('/_admin/admin/dashboards')({
  head: sectionHead('dashboards'),
  component: sectionPage('dashboards', DashboardsTab, { titleShown: false }),
});
