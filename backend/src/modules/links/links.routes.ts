import { OrganizationDashboardLinkSchema, OrganizationDashboardSchema, PathIdSchema } from '@app/contracts';
import { Elysia } from 'elysia';
import * as v from 'valibot';
import type { AppDeps } from '../../deps';
import { adminErrors as errors, NoContent, adminTags as tags } from '../../lib/admin-route-schemas';
import type { GuardDeps } from '../../plugins/auth';
import { listLinks } from './links.repository';
import { linkDashboard, unlinkDashboard } from './links.service';

const LinkParams = v.object({ organizationId: PathIdSchema, dashboardId: PathIdSchema });

/** Which organization sees which dashboard, behind the admin guard (401 anonymous, 403 non-admin, D10). */
export const linksRoutes = (deps: Pick<AppDeps, 'db'> & GuardDeps) =>
  new Elysia({ name: 'links-routes' }).use(deps.auth).guard({ auth: 'admin' }, (app) =>
    app
      .get('/api/admin/organization-dashboards', () => listLinks(deps.db), {
        response: { 200: v.array(OrganizationDashboardLinkSchema), ...errors },
        detail: { tags, summary: 'Which organization sees which dashboard' },
      })
      .post(
        '/api/admin/organization-dashboards',
        async ({ body, user, set }) => {
          set.status = 201;
          return linkDashboard(deps.db, user, Number(body.organizationId), Number(body.dashboardId));
        },
        {
          body: OrganizationDashboardSchema,
          response: { 201: OrganizationDashboardLinkSchema, ...errors },
          detail: { tags, summary: 'Link a dashboard to an organization' },
        },
      )
      .delete(
        '/api/admin/organization-dashboards/:organizationId/:dashboardId',
        async ({ params, user, set }) => {
          await unlinkDashboard(deps.db, user, params.organizationId, params.dashboardId);
          set.status = 204;
        },
        {
          params: LinkParams,
          response: { 204: NoContent, ...errors },
          detail: {
            tags,
            summary: 'Unlink a dashboard from an organization (404 when there is no such link)',
            responses: { 204: { description: 'Unlinked' } },
          },
        },
      ),
  );
