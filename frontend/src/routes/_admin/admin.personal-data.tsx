import { createFileRoute } from '@tanstack/react-router';
import { PersonalDataTab } from '../../features/admin/components/personal-data-tab';
import { sectionPage } from '../../features/admin/components/section-page';
import { sectionHead } from '../../features/admin/sections';

/** Personal data: a section of the administration (issue 27, /admin-routes.md). */
export const Route = createFileRoute('/_admin/admin/personal-data')({
  head: sectionHead('personal-data'),
  component: sectionPage('personal-data', PersonalDataTab),
});
