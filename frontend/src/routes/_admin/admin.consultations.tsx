import { createFileRoute } from '@tanstack/react-router';
import { ConsultationsTab } from '../../features/admin/components/consultations-tab';
import { sectionPage } from '../../features/admin/components/section-page';
import { sectionHead } from '../../features/admin/sections';
import { RescheduleDialog } from '../../features/booking/components/reschedule-dialog';

/** Consultations: a section of the administration (issue 27, /admin-routes.md). */
export const Route = createFileRoute('/_admin/admin/consultations')({
  head: sectionHead('consultations'),
  component: sectionPage('consultations', Consultations, { titleShown: false }),
});

// A function of its own, not an arrow in the call: the router's code splitter copies the call without JSX support.
function Consultations() {
  return <ConsultationsTab RescheduleDialog={RescheduleDialog} />;
}
