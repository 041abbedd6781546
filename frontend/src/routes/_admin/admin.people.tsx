import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '../../features/admin/components/section-page';
import { PeopleSection } from '../../features/admin/components/sections';
import { useCurrentUser } from '../../features/auth/api/auth.queries';
import { pageTitle } from '../../lib/page-title';

/** People: a section of the administration (issue 27, /admin-routes.md). */
export const Route = createFileRoute('/_admin/admin/people')({
  head: () => ({ meta: [{ title: pageTitle('People · Admin') }] }),
  component: PeopleRoute,
});

function PeopleRoute() {
  const { user } = useCurrentUser();
  return (
    <SectionPage title="People" testId="admin-panel-users">
      <PeopleSection currentUserId={user?.id} />
    </SectionPage>
  );
}
