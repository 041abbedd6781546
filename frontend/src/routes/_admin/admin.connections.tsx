import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '../../features/admin/components/section-page';
import { ConnectionsSection } from '../../features/admin/components/sections';
import { pageTitle } from '../../lib/page-title';

/** Connections: a section of the administration (issue 27, /admin-routes.md). */
export const Route = createFileRoute('/_admin/admin/connections')({
  head: () => ({ meta: [{ title: pageTitle('Connections · Admin') }] }),
  component: ConnectionsRoute,
});

function ConnectionsRoute() {
  return (
    <SectionPage title="Connections" titleShown={false} testId="admin-panel-connections">
      <ConnectionsSection />
    </SectionPage>
  );
}
