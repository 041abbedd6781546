import { OrganizationDashboardLinkSchema, OrganizationDashboardSchema, PathIdSchema } from '@app/contracts';
import * as v from 'valibot';
import type { AppDeps } from '../../deps';
import { adminCreate, adminList, adminRemove, noContent } from '../../lib/route-options';
import { adminOnly, type GuardDeps } from '../../plugins/auth';
import { listLinks } from './links.repository';
import { linkDashboard, unlinkDashboard } from './links.service';

const LinkParams = v.object({ organizationId: PathIdSchema, dashboardId: PathIdSchema });

/** Which organization sees which dashboard, behind the admin guard (401 anonymous, 403 non-admin, D10). */
export const linksRoutes = (deps: Pick<AppDeps, 'db'> & GuardDeps) =>
  adminOnly('links-routes', deps)
    .get(
      '/api/admin/organization-dashboards',
      () => listLinks(deps.db),
      adminList('Which organization sees which dashboard', OrganizationDashboardLinkSchema),
    )
    .post(
      '/api/admin/organization-dashboards',
      async ({ body, user, status }) =>
        status(201, await linkDashboard(deps.db, user, Number(body.organizationId), Number(body.dashboardId))),
      adminCreate('Link a dashboard to an organization', OrganizationDashboardSchema, OrganizationDashboardLinkSchema),
    )
    .delete(
      '/api/admin/organization-dashboards/:organizationId/:dashboardId',
      ({ params, user }) => noContent(unlinkDashboard(deps.db, user, params.organizationId, params.dashboardId)),
      adminRemove(LinkParams, 'Unlink a dashboard from an organization (404 when there is no such link)', 'Unlinked'),
    );
