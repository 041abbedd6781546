import {
  LinkListQuerySchema,
  LinkScopeInputSchema,
  OrganizationDashboardLinkSchema,
  OrganizationDashboardSchema,
  PathIdSchema,
} from '@app/contracts';
import * as v from 'valibot';
import type { AppDeps } from '../../deps';
import { listRoute } from '../../lib/list-query';
import { adminCreate, adminPagedList, adminRemove, adminRoute, noContent } from '../../lib/route-options';
import { adminOnly, type GuardDeps } from '../../plugins/auth';
import { countLinks, listLinkPage } from './links.repository';
import { changeLinkScope, linkDashboard, unlinkDashboard } from './links.service';

const LinkParams = v.object({ organizationId: PathIdSchema, dashboardId: PathIdSchema });

const SCOPE_NOTE =
  '`dataScope` is what the organization may see of a dashboard in a token mode (issue 14), in the shape of the ' +
  "dashboard's provider: Power BI `{ roles, username?, customData? }`, Tableau `{ attributes: { name: value } }` (no " +
  'attribute named like a claim of the token: sub, iss, exp, ...), Metabase `{ params: { name: value } }`; 422 for ' +
  'another shape, and for any scope on a dashboard embedded by URL. Null: none (the organization is refused the ' +
  'dashboard until it has one).';

/** Which organization sees which dashboard, behind the admin guard (401 anonymous, 403 non-admin, D10). */
export const linksRoutes = (deps: Pick<AppDeps, 'db'> & GuardDeps) =>
  adminOnly('links-routes', deps)
    .get(
      '/api/admin/organization-dashboards',
      listRoute(deps.db, listLinkPage, countLinks),
      adminPagedList('Which organization sees which dashboard', LinkListQuerySchema, OrganizationDashboardLinkSchema),
    )
    .post(
      '/api/admin/organization-dashboards',
      async ({ body, user, status }) =>
        status(
          201,
          await linkDashboard(
            deps.db,
            user,
            Number(body.organizationId),
            Number(body.dashboardId),
            body.dataScope as Record<string, unknown> | null,
          ),
        ),
      adminCreate('Link a dashboard to an organization', OrganizationDashboardSchema, OrganizationDashboardLinkSchema, {
        description: SCOPE_NOTE,
      }),
    )
    .put(
      '/api/admin/organization-dashboards/:organizationId/:dashboardId',
      ({ params, body, user }) =>
        changeLinkScope(
          deps.db,
          user,
          params.organizationId,
          params.dashboardId,
          body.dataScope as Record<string, unknown> | null,
        ),
      {
        params: LinkParams,
        body: LinkScopeInputSchema,
        ...adminRoute(
          "Change a link's data scope (404 when there is no such link)",
          { 200: OrganizationDashboardLinkSchema },
          { description: SCOPE_NOTE },
        ),
      },
    )
    .delete(
      '/api/admin/organization-dashboards/:organizationId/:dashboardId',
      ({ params, user }) => noContent(unlinkDashboard(deps.db, user, params.organizationId, params.dashboardId)),
      adminRemove(LinkParams, 'Unlink a dashboard from an organization (404 when there is no such link)', 'Unlinked'),
    );
