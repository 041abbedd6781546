import { createFileRoute } from '@tanstack/react-router';
import { AuditTab } from '../../features/admin/components/audit-tab';
import { SectionPage } from '../../features/admin/components/section-page';
import { pageTitle } from '../../lib/page-title';

/** Audit: a section of the administration (issue 27, /admin-routes.md). */
export const Route = createFileRoute('/_admin/admin/audit')({
  head: () => ({ meta: [{ title: pageTitle('Audit · Admin') }] }),
  component: AuditRoute,
});

function AuditRoute() {
  return (
    <SectionPage title="Audit" testId="admin-panel-audit">
      <AuditTab />
    </SectionPage>
  );
}
