import {
  IdParamsSchema,
  OrganizationDetailSchema,
  OrganizationInputSchema,
  OrganizationListItemSchema,
  OrganizationListQuerySchema,
  OrganizationSchema,
} from '@app/contracts';
import type { AppDeps } from '../../deps';
import { listRoute } from '../../lib/list-query';
import { adminChange, adminCreate, adminPagedList, adminRoute } from '../../lib/route-options';
import { adminOnly, type GuardDeps } from '../../plugins/auth';
import { organizationDetail } from './organization-detail.service';
import { countOrganizations, listOrganizationPage } from './organizations.repository';
import * as organizations from './organizations.service';

/** The organizations of the spec's Admin table, behind the admin guard (401 anonymous, 403 non-admin, D10). */
export const organizationsRoutes = (deps: Pick<AppDeps, 'db' | 'clock' | 'config'> & GuardDeps) => {
  const detail = { db: deps.db, clock: deps.clock, timeZone: deps.config.BOOKING_TIMEZONE };
  return adminOnly('organizations-routes', deps)
    .get(
      '/api/admin/organizations',
      listRoute(deps.db, listOrganizationPage, countOrganizations),
      adminPagedList(
        'Organizations, active first, with how many members and dashboards each has and whether it has SSO',
        OrganizationListQuerySchema,
        OrganizationListItemSchema,
      ),
    )
    .get('/api/admin/organizations/:id', ({ params }) => organizationDetail(detail, params.id), {
      params: IdParamsSchema,
      ...adminRoute(
        "One organization's page: the organization, its members with their roles, its views of the last 30 days",
        { 200: OrganizationDetailSchema },
      ),
    })
    .post(
      '/api/admin/organizations',
      async ({ body, user, status }) => status(201, await organizations.createOrganization(deps.db, user, body)),
      adminCreate('Create an organization', OrganizationInputSchema, OrganizationSchema),
    )
    .put(
      '/api/admin/organizations/:id',
      ({ params, body, user }) => organizations.updateOrganization(deps.db, user, params.id, body),
      adminChange('Update an organization', OrganizationInputSchema, OrganizationSchema),
    )
    .post(
      '/api/admin/organizations/:id/toggle-status',
      ({ params, user }) => organizations.toggleOrganization(deps.db, user, params.id),
      {
        params: IdParamsSchema,
        ...adminRoute('Activate or deactivate an organization', { 200: OrganizationSchema }),
      },
    );
};
