import { toJsonSchema } from '@valibot/to-json-schema';
import { Elysia } from 'elysia';
import * as v from 'valibot';
import type { AppDeps } from '../../app';
import { authPlugin } from '../../plugins/auth';
import { ErrorSchema } from '../../plugins/openapi';
import { dashboardsOfUser, viewDashboard } from './dashboards.service';

const PublicDashboardSchema = v.object({ id: v.number(), name: v.string(), category: v.string(), type: v.string() });
const ClientDashboardSchema = v.object({
  id: v.number(),
  name: v.string(),
  category: v.string(),
  type: v.string(),
  description: v.nullable(v.string()),
  thumbnailUrl: v.nullable(v.string()),
  lastViewedAt: v.nullable(v.string()),
});
const DashboardDetailSchema = v.object({
  id: v.number(),
  name: v.string(),
  description: v.nullable(v.string()),
  category: v.string(),
  type: v.string(),
  embedUrl: v.string(),
  thumbnailUrl: v.nullable(v.string()),
  isPublic: v.boolean(),
});
const tags = ['Dashboards'];

export const dashboardsRoutes = (deps: AppDeps) =>
  new Elysia({ name: 'dashboards-routes' })
    .use(authPlugin(deps, new URL(deps.config.APP_URL).protocol === 'https:'))
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
              content: { 'application/json': { schema: toJsonSchema(v.array(PublicDashboardSchema)) as object } },
            },
          },
        },
      },
    )
    .get('/api/dashboards/organization', ({ user }) => dashboardsOfUser(deps, user.id), {
      auth: 'user',
      response: { 200: v.array(ClientDashboardSchema), 401: ErrorSchema },
      detail: { tags, summary: "The dashboards of the signed-in user's active organizations, recently viewed first" },
    })
    .get('/api/dashboards/:id', ({ params, viewer }) => viewDashboard(deps, params.id, viewer), {
      optionalAuth: true,
      params: v.object({
        id: v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Dashboard not found'), v.transform(Number)),
      }),
      response: { 200: DashboardDetailSchema, 404: ErrorSchema },
      detail: {
        tags,
        summary: 'One dashboard with its embed URL (admins, members of a linked active organization, or public)',
      },
    });
