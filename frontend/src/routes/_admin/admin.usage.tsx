import { createFileRoute } from '@tanstack/react-router';
import { sectionPage } from '../../features/admin/components/section-page';
import UsageTab from '../../features/admin/components/usage/usage-tab';
import { sectionHead } from '../../features/admin/sections';

/** Usage: a section of the administration (issue 27, /admin-routes.md); the route's chunk holds the tab's code only. */
export const Route = createFileRoute('/_admin/admin/usage')({
  head: sectionHead('usage'),
  component: sectionPage('usage', UsageTab),
});
