import { createFileRoute } from '@tanstack/react-router';
import { sectionPage } from '../../features/admin/components/section-page';
import { UsageSection } from '../../features/admin/components/sections';
import { sectionHead } from '../../features/admin/sections';

/** Usage: a section of the administration (issue 27, /admin-routes.md). */
export const Route = createFileRoute('/_admin/admin/usage')({
  head: sectionHead('usage'),
  component: sectionPage('usage', UsageSection),
});
