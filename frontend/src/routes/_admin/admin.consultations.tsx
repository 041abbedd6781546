import { createFileRoute } from '@tanstack/react-router';
import { ConsultationsTab } from '../../features/admin/components/consultations-tab';
import { SectionPage } from '../../features/admin/components/section-page';
import { RescheduleDialog } from '../../features/booking/components/reschedule-dialog';
import { pageTitle } from '../../lib/page-title';

/** Consultations: a section of the administration (issue 27, /admin-routes.md). */
export const Route = createFileRoute('/_admin/admin/consultations')({
  head: () => ({ meta: [{ title: pageTitle('Consultations · Admin') }] }),
  component: ConsultationsRoute,
});

function ConsultationsRoute() {
  return (
    <SectionPage title="Consultations" titleShown={false} testId="admin-panel-consultations">
      <ConsultationsTab RescheduleDialog={RescheduleDialog} />
    </SectionPage>
  );
}
