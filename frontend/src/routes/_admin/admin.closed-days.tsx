import { createFileRoute } from '@tanstack/react-router';
import { ClosedDatesCard } from '../../features/admin/components/closed-dates-card';
import { sectionPage } from '../../features/admin/components/section-page';
import { sectionHead } from '../../features/admin/sections';
import { RescheduleDialog } from '../../features/booking/components/reschedule-dialog';

/** Closed days: a section of the administration (issue 27, /admin-routes.md). */
export const Route = createFileRoute('/_admin/admin/closed-days')({
  head: sectionHead('closed-days'),
  component: sectionPage('closed-days', ClosedDays, { titleShown: false }),
});

// A function of its own, not an arrow in the call: the router's code splitter copies the call without JSX support.
function ClosedDays() {
  return <ClosedDatesCard RescheduleDialog={RescheduleDialog} />;
}
