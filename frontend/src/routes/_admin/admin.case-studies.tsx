import { createFileRoute } from '@tanstack/react-router';
import { CaseStudiesTab } from '../../features/admin/components/case-studies-tab';
import { sectionPage } from '../../features/admin/components/section-page';
import { sectionHead } from '../../features/admin/sections';

/** Case studies: a section of the administration (issue 27, /admin-routes.md). */
export const Route = createFileRoute('/_admin/admin/case-studies')({
  head: sectionHead('case-studies'),
  component: sectionPage('case-studies', CaseStudiesTab),
});
