import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { OrganizationPage } from '../../features/admin/organization/organization-page';
import { pageTitle } from '../../lib/page-title';

/** The id of the path, or null when it is not one (the page then says there is no such organization). */
const idOf = (text: string) => (/^\d{1,10}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null);

/** One organization's page (issue 27), for administrators (the `_admin` layout's guard). */
export const Route = createFileRoute('/_admin/admin/organizations/$organizationId')({
  head: () => ({ meta: [{ title: pageTitle('Organization') }] }),
  component: OrganizationRoute,
});

function OrganizationRoute() {
  // Not `Route`: the page's code-split chunk then needs nothing of this file.
  const { organizationId } = getRouteApi('/_admin/admin/organizations/$organizationId').useParams();
  const id = idOf(organizationId);
  return <OrganizationPage key={id} organizationId={id} />;
}
