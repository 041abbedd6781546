import { ApiErrorSchema, FavouriteSchema, PortalOrganizationSchema } from '@app/contracts';
import { Elysia } from 'elysia';
import * as v from 'valibot';
import type { AppDeps } from '../../deps';
import { userChangeById } from '../../lib/route-options';
import type { GuardDeps } from '../../plugins/auth';
import { organizationsOfUser, setFavourite } from './portal.service';

const tags = ['Dashboards'];

/** PUT and DELETE of a star answer the same: the state it is now in, 404 for a dashboard the person may not read. */
const favouriteRoute = (summary: string) =>
  userChangeById(
    tags,
    summary,
    { 200: FavouriteSchema },
    'Idempotent: a second call, or parallel calls, leave one star (or none) and answer the same. 404 for a ' +
      'dashboard the person may not read, as GET /api/dashboards/{id} answers (D10). 403 when the request does not ' +
      "come from the app's own origin (D9).",
  );

/** The client portal's own routes (issue 18): the person's organizations and their favourite dashboards. */
export const portalRoutes = (deps: Pick<AppDeps, 'db'> & GuardDeps) =>
  new Elysia({ name: 'portal-routes' })
    .use(deps.auth)
    .get('/api/dashboards/organizations', ({ user }) => organizationsOfUser(deps, user.id), {
      auth: 'user',
      response: { 200: v.array(PortalOrganizationSchema), 401: ApiErrorSchema },
      detail: {
        tags,
        summary:
          "The signed-in person's organizations with their logos, active ones first, by name (the portal's header; paused ones say so)",
      },
    })
    .put(
      '/api/dashboards/:id/favourite',
      ({ params, user }) => setFavourite(deps, user, params.id, true),
      favouriteRoute('Star a dashboard: it comes first in the portal'),
    )
    .delete(
      '/api/dashboards/:id/favourite',
      ({ params, user }) => setFavourite(deps, user, params.id, false),
      favouriteRoute('Remove the star from a dashboard'),
    );
