import { createFileRoute } from '@tanstack/react-router';
import { ClosedDatesCard } from '../../features/admin/components/closed-dates-card';
import { SectionPage } from '../../features/admin/components/section-page';
import { RescheduleDialog } from '../../features/booking/components/reschedule-dialog';
import { pageTitle } from '../../lib/page-title';

/** Closed days: a section of the administration (issue 27, /admin-routes.md). */
export const Route = createFileRoute('/_admin/admin/closed-days')({
  head: () => ({ meta: [{ title: pageTitle('Closed days · Admin') }] }),
  component: ClosedDaysRoute,
});

function ClosedDaysRoute() {
  return (
    <SectionPage title="Closed days" titleShown={false} testId="admin-panel-closed-days">
      <ClosedDatesCard RescheduleDialog={RescheduleDialog} />
    </SectionPage>
  );
}
