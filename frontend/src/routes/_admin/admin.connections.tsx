import { createFileRoute } from '@tanstack/react-router';
import { sectionPage } from '../../features/admin/components/section-page';
import { ConnectionsSection } from '../../features/admin/components/sections';
import { sectionHead } from '../../features/admin/sections';

/** Connections: a section of the administration (issue 27, /admin-routes.md). */
export const Route = createFileRoute('/_admin/admin/connections')({
  head: sectionHead('connections'),
  component: sectionPage('connections', ConnectionsSection, { titleShown: false }),
});
