import {
  AdminDashboardSchema,
  ApiErrorSchema,
  ClientDashboardSchema,
  DashboardDetailSchema,
  DashboardInputSchema,
  DashboardListQuerySchema,
  EmbedStatusSchema,
  IdParamsSchema,
  PublicDashboardSchema,
  RecordViewSchema,
  SavedDashboardSchema,
  ViewRecordedSchema,
} from '@app/contracts';
import { Elysia } from 'elysia';
import * as v from 'valibot';
import type { AppDeps } from '../../deps';
import { listRoute } from '../../lib/list-query';
import {
  adminChange,
  adminCreate,
  adminPagedList,
  adminRemove,
  noContent,
  readableById,
  userChangeById,
} from '../../lib/route-options';
import type { GuardDeps } from '../../plugins/auth';
import { documentedSchema } from '../../plugins/openapi';
import { countDashboards, listDashboardPage } from './dashboard-list.repository';
import {
  createDashboard,
  dashboardEmbedStatus,
  deleteDashboard,
  recordDashboardView,
  updateDashboard,
  viewDashboard,
} from './dashboards.service';
import { portalRoutes } from './portal.routes';
import { dashboardsOfUser } from './portal.service';

const EMBED_WARNING_NOTE =
  "In `url` mode the server asks the embed URL's host for it (HEAD, else GET; 3 s at most) while saving. " +
  '`embedUrlWarning` says what went wrong (no answer at all, HTTP 404/410/5xx, or that the server did not check an ' +
  'address that is not public or does not resolve, decision 040), else null; it never stops the save. In a token mode (`powerbi`, `tableau`, `metabase`) the ' +
  'connection must exist (422 `Unknown connection` on `connectionId`) and be of that provider (422), and ' +
  '`embedUrlWarning` says what the provider answered about the report, view or dashboard (not found, refused, ' +
  'unreachable), else null.';
const tags = ['Dashboards'];

/** A route about one dashboard that anyone who may read it may call: 404 for everyone else (D10). */
const readable = <const R extends v.GenericSchema>(summary: string, description: string, answer: R) =>
  readableById(tags, summary, { 200: answer }, { description });

export const dashboardsRoutes = (
  deps: Pick<AppDeps, 'config' | 'db' | 'clock' | 'publicDashboards' | 'secretBox' | 'logger'> & GuardDeps,
) =>
  new Elysia({ name: 'dashboards-routes' })
    .use(deps.auth)
    .use(portalRoutes(deps))
    .get(
      '/api/dashboards/public',
      // The hottest route of the site: bytes kept in memory, read without waiting when they are fresh, returned as
      // they are (Elysia builds the Response once, with these headers and the global ones). No response validation:
      // the bytes are the serialized rows of a typed query; the schema is documented below.
      async ({ set }) => {
        set.headers['content-type'] = 'application/json;charset=utf-8';
        set.headers['cache-control'] = 'public, max-age=60';
        return deps.publicDashboards.peek() ?? (await deps.publicDashboards.get());
      },
      {
        detail: {
          tags,
          summary: 'The public sample dashboards (id, name, category, type)',
          responses: {
            200: {
              description: 'The public sample dashboards',
              content: { 'application/json': { schema: documentedSchema(v.array(PublicDashboardSchema)) } },
            },
          },
        },
      },
    )
    .get('/api/dashboards/organization', ({ user }) => dashboardsOfUser(deps, user.id), {
      auth: 'user',
      response: { 200: v.array(ClientDashboardSchema), 401: ApiErrorSchema },
      detail: {
        tags,
        summary: "The dashboards of the signed-in user's active organizations: favourites first, then recently viewed",
      },
    })
    .get(
      '/api/dashboards/:id',
      ({ params, viewer }) => viewDashboard(deps, params.id, viewer),
      readable(
        'One dashboard with its embed URL (admins, members of a linked active organization, or public)',
        'Records no view: the app may read it to preload a page nobody opens (D33).',
        DashboardDetailSchema,
      ),
    )
    .post('/api/dashboards/:id/views', ({ params, user, body }) => recordDashboardView(deps, params.id, user, body), {
      body: RecordViewSchema,
      ...userChangeById(
        tags,
        'Record that the signed-in person was shown the dashboard, and whether it loaded (D19, D33, D37)',
        { 200: ViewRecordedSchema, 422: ApiErrorSchema },
        'Called by the viewer once the dashboard has loaded (`loaded: true`) or failed to (`false`). At most one ' +
          'view per person and dashboard within 5 minutes, also under parallel requests: `recorded` is false when ' +
          'this one was already counted; a failed load followed by one that loaded is one view that loaded. An ' +
          "administrator's view is a preview, and a failed load is not a client's usage: both are recorded and " +
          'listed apart in the usage report (D37). Anonymous visitors record nothing (401). 404 for a dashboard ' +
          "the person may not read, as GET answers. 403 when the request does not come from the app's own origin " +
          '(D9). 422 without `loaded`.',
      ),
    })
    .get(
      '/api/dashboards/:id/embed-status',
      ({ params, viewer }) => dashboardEmbedStatus(deps, params.id, viewer),
      readable(
        "Whether the server can reach the dashboard's embed URL (for the viewer's 'Work in Progress')",
        "'unreachable' when the server asked the host and got no HTTP answer (refused, TLS failure or no answer in " +
          "time, told apart nowhere: a browser's frame would fail yet still fire 'load'); 'unknown' when the server " +
          'did not ask: the host does not resolve from it or is not a public address (decision 040); ' +
          "'reachable' on any HTTP answer. Checked at most once a minute per URL. Same " +
          "access as GET /api/dashboards/{id}. Always 'reachable' in a token mode: the embed token's answer says " +
          'what the provider did.',
        EmbedStatusSchema,
      ),
    )
    // The administration's routes, behind the admin guard (401 anonymous, 403 non-admin, D10).
    .guard({ auth: 'admin' }, (app) =>
      app
        .get(
          '/api/admin/dashboards-direct',
          listRoute(deps.db, listDashboardPage, countDashboards),
          adminPagedList(
            'Dashboards with their view count and last view (D19)',
            DashboardListQuerySchema,
            AdminDashboardSchema,
          ),
        )
        .post(
          '/api/admin/dashboards',
          async ({ body, user, status }) => status(201, await createDashboard(deps, user, body)),
          adminCreate(
            'Create a dashboard (a pasted iframe keeps only its https src, D18)',
            DashboardInputSchema,
            SavedDashboardSchema,
            { description: EMBED_WARNING_NOTE },
          ),
        )
        .put(
          '/api/admin/dashboards/:id',
          ({ params, body, user }) => updateDashboard(deps, user, params.id, body),
          adminChange('Update a dashboard', DashboardInputSchema, SavedDashboardSchema, {
            description: EMBED_WARNING_NOTE,
          }),
        )
        .delete(
          '/api/admin/dashboards/:id',
          ({ params, user }) => noContent(deleteDashboard(deps, user, params.id)),
          adminRemove(IdParamsSchema, 'Delete a dashboard and its links', 'Deleted'),
        ),
    );
