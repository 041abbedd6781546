import { createFileRoute } from '@tanstack/react-router';
import { sectionPage } from '../../features/admin/components/section-page';
import { PeopleSection } from '../../features/admin/components/sections';
import { sectionHead } from '../../features/admin/sections';
import { useCurrentUser } from '../../features/auth/api/auth.queries';

/** People: a section of the administration (issue 27, /admin-routes.md). */
export const Route = createFileRoute('/_admin/admin/people')({
  head: sectionHead('people'),
  component: sectionPage('people', People, { testId: 'admin-panel-users' }),
});

function People() {
  const { user } = useCurrentUser();
  return <PeopleSection currentUserId={user?.id} />;
}
