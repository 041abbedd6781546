import { createFileRoute } from '@tanstack/react-router';
import { AuditTab } from '../../features/admin/components/audit-tab';
import { sectionPage } from '../../features/admin/components/section-page';
import { sectionHead } from '../../features/admin/sections';

/** Audit: a section of the administration (issue 27, /admin-routes.md). */
export const Route = createFileRoute('/_admin/admin/audit')({
  head: sectionHead('audit'),
  component: sectionPage('audit', AuditTab),
});
