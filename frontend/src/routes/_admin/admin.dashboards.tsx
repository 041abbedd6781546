import { createFileRoute } from '@tanstack/react-router';
import { DashboardsTab } from '../../features/admin/components/dashboards-tab';
import { SectionPage } from '../../features/admin/components/section-page';
import { pageTitle } from '../../lib/page-title';

/** Dashboards: a section of the administration (issue 27, /admin-routes.md). */
export const Route = createFileRoute('/_admin/admin/dashboards')({
  head: () => ({ meta: [{ title: pageTitle('Dashboards · Admin') }] }),
  component: DashboardsRoute,
});

function DashboardsRoute() {
  return (
    <SectionPage title="Dashboards" titleShown={false} testId="admin-panel-dashboards">
      <DashboardsTab />
    </SectionPage>
  );
}
